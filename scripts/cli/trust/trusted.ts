// Whether this user's platform store trusts the embedded lake's local authority, as `npm run trust` leaves it:
// what `npm start` reads to say whether the Studio's fast path (HTTP/2) is on, and what `npm run trust` reads to
// change a store only when it must.
import {execFileSync} from 'node:child_process'
import type {X509Certificate} from 'node:crypto'
import {homedir} from 'node:os'
import {join} from 'node:path'
import {fingerprintsIn} from './nssStore.ts'

/** The name the authority is kept under in an NSS store. */
export const NICKNAME = 'QuantEdge local CA'

/** The user's NSS store on Linux, which Chromium and Chrome read. */
export const userNssStore = () => join(homedir(), '.pki', 'nssdb')

/** The login keychain on macOS. */
export const loginKeychain = () => join(homedir(), 'Library', 'Keychains', 'login.keychain-db')

/** The authority's common name: how an authority made anew, and so a different certificate, is found too. */
export const commonName = (authority: X509Certificate) =>
  /CN=(.+)/.exec(authority.subject)?.[1] ?? NICKNAME

/** The SHA-1 hashes of the certificates in the login keychain named as the authority. */
export function keychainHashes(authority: X509Certificate) {
  const listed = execFileSync(
    'security',
    ['find-certificate', '-a', '-c', commonName(authority), '-Z', loginKeychain()],
    {encoding: 'utf8'},
  )
  return [...listed.matchAll(/SHA-1 hash: ([0-9A-F]+)/g)].map(([, sha1]) => sha1!)
}

/** Whether the current user's Root store on Windows holds `id` (a serial number or a name). */
export function inWindowsRootStore(id: string) {
  try {
    execFileSync('certutil', ['-user', '-verifystore', 'Root', id], {stdio: 'ignore'})
    return true
  } catch {
    return false
  }
}

/** Where the platform trusts `authority` for this user, or undefined when it does not (or cannot tell). */
export function trustedWhere(authority: X509Certificate): string | undefined {
  try {
    if (process.platform === 'darwin') {
      const held = keychainHashes(authority).includes(authority.fingerprint.replaceAll(':', ''))
      return held ? 'the login keychain' : undefined
    }
    if (process.platform === 'win32')
      return inWindowsRootStore(authority.serialNumber)
        ? "the current user's Root store"
        : undefined
    const held = fingerprintsIn(userNssStore(), NICKNAME).includes(authority.fingerprint256)
    return held ? '~/.pki/nssdb, for Chromium and Chrome' : undefined
  } catch {
    return undefined
  }
}
