// `npm run trust`: the platform's own step to trust the embedded lake's local authority, for this user only, so
// the Studio reaches the lake over HTTP/2 with no certificate warning; `npm run trust -- --remove` undoes it.
// Both are idempotent. Linux: the user's NSS store (~/.pki/nssdb: Chromium, Chrome) and every Firefox profile's,
// through certutil; macOS: the login keychain (`security`, which asks for the user's password); Windows: the
// current user's Root store (`certutil -user`), as mkcert does on each.
import {execFileSync} from 'node:child_process'
import {X509Certificate} from 'node:crypto'
import {globSync, readFileSync} from 'node:fs'
import {homedir} from 'node:os'
import {join, relative} from 'node:path'
import {localCertificate} from '@quantedge/content-lake/certificates'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {distrustIn, trustIn} from './nssStore.ts'
import {
  inWindowsRootStore,
  keychainHashes,
  loginKeychain,
  commonName,
  NICKNAME,
  userNssStore,
} from './trusted.ts'

const remove = process.argv.includes('--remove')

/** Linux: the user's NSS store, made when missing, and the stores of the Firefox profiles there are. */
function linuxStores() {
  const home = homedir()
  const firefox = globSync(
    ['.mozilla/firefox/*/cert9.db', 'snap/firefox/common/.mozilla/firefox/*/cert9.db'],
    {cwd: home},
  ).map((database) => join(home, database, '..'))
  return [
    {store: userNssStore(), browsers: 'Chromium, Chrome'},
    ...firefox.map((store) => ({store, browsers: 'Firefox'})),
  ]
}

function onLinux(authorityPath: string, authority: X509Certificate) {
  try {
    execFileSync('certutil', ['-H'], {stdio: 'ignore'})
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'certutil is not installed: apt-get install libnss3-tools (Debian, Ubuntu) or dnf install nss-tools (Fedora)',
      )
    }
  }
  for (const {store, browsers} of linuxStores()) {
    const where = `${store.replace(homedir(), '~')} (${browsers})`
    if (remove) {
      console.log(distrustIn(store, NICKNAME) ? `Removed from ${where}.` : `Not in ${where}.`)
    } else {
      const changed = trustIn(store, NICKNAME, authorityPath, authority)
      console.log(changed ? `Trusted in ${where}.` : `Already trusted in ${where}.`)
    }
  }
}

function onMacOS(authorityPath: string, authority: X509Certificate) {
  const keychain = loginKeychain()
  const current = authority.fingerprint.replaceAll(':', '')
  const held = keychainHashes(authority)
  const stale = remove ? held : held.filter((sha1) => sha1 !== current)
  for (const sha1 of stale) execFileSync('security', ['delete-certificate', '-Z', sha1, keychain])
  if (remove) {
    console.log(held.length ? 'Removed from the login keychain.' : 'Not in the login keychain.')
    return
  }
  if (held.includes(current)) return console.log('Already trusted in the login keychain.')
  const args = ['add-trusted-cert', '-r', 'trustRoot', '-k', keychain, authorityPath]
  execFileSync('security', args, {stdio: 'inherit'})
  console.log('Trusted in the login keychain.')
}

function onWindows(authorityPath: string, authority: X509Certificate) {
  const inStore = inWindowsRootStore
  const name = commonName(authority)
  const current = inStore(authority.serialNumber)
  if (remove || !current) {
    // By name: an authority made anew has the same name and another serial number.
    const held = inStore(name)
    if (held) execFileSync('certutil', ['-user', '-delstore', 'Root', name], {stdio: 'ignore'})
    if (remove) {
      console.log(
        held
          ? "Removed from the current user's Root store."
          : "Not in the current user's Root store.",
      )
      return
    }
  }
  if (current) return console.log("Already trusted in the current user's Root store.")
  execFileSync('certutil', ['-user', '-addstore', 'Root', authorityPath], {stdio: 'inherit'})
  console.log("Trusted in the current user's Root store.")
}

try {
  const {authorityPath} = await localCertificate(readLakeEnv().certificateDir)
  const authority = new X509Certificate(readFileSync(authorityPath))
  const shown = relative(repositoryRoot, authorityPath)
  console.log(
    `The embedded lake's local authority: ${shown.startsWith('..') ? authorityPath : shown}`,
  )
  if (process.platform === 'darwin') onMacOS(authorityPath, authority)
  else if (process.platform === 'win32') onWindows(authorityPath, authority)
  else onLinux(authorityPath, authority)
  if (!remove) console.log('Restart the browser; the Studio then talks to the lake over HTTP/2.')
} catch (error) {
  console.error(`Trust failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
