// `npm run trust` against throwaway NSS stores (an empty HOME with a Firefox profile): the authority is added
// once however often it runs, an authority made anew replaces the old one, and --remove takes it out; what
// `npm start` reads to say whether the fast path is on (trustedWhere) follows each step.
import {execFile, execFileSync} from 'node:child_process'
import {X509Certificate} from 'node:crypto'
import {mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {afterEach, beforeEach, expect, it, vi} from 'vitest'
import {fingerprintsIn} from './nssStore.ts'
import {fastPathLine} from '../fastPath.ts'
import {trustedWhere} from './trusted.ts'

const NICKNAME = 'QuantEdge local CA'
let home: string
let certificates: string

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'trust-home-'))
  certificates = join(home, 'certificates')
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(home, {recursive: true, force: true})
})

/** What `npm start` says of this HOME's store: where the authority is trusted, if it is. */
function fastPathTrust() {
  vi.stubEnv('HOME', home)
  return trustedWhere(new X509Certificate(readFileSync(join(certificates, 'local-ca.crt'))))
}

const trust = async (...args: string[]) =>
  (
    await promisify(execFile)(
      process.execPath,
      ['--import=@quantedge/server-kit/settingsFiles', 'scripts/cli/trust/main.ts', ...args],
      {cwd: repositoryRoot, env: {...process.env, HOME: home, CONTENT_LAKE_CERT_DIR: certificates}},
    )
  ).stdout

const chromium = () => join(home, '.pki', 'nssdb')
const authority = () =>
  new X509Certificate(readFileSync(join(certificates, 'local-ca.crt'))).fingerprint256

function firefoxProfile() {
  const profile = join(home, '.mozilla', 'firefox', 'abc123.default-release')
  mkdirSync(profile, {recursive: true})
  execFileSync('certutil', ['-d', `sql:${profile}`, '-N', '--empty-password'])
  return profile
}

it('trusts the authority once in the user’s store and each Firefox profile, however often it runs', async () => {
  const firefox = firefoxProfile()
  expect(await trust()).toMatch(
    /Trusted in ~\/\.pki\/nssdb \(Chromium, Chrome\)\.\nTrusted in .*abc123\.default-release \(Firefox\)\./,
  )
  expect(fingerprintsIn(chromium(), NICKNAME)).toEqual([authority()])
  expect(fingerprintsIn(firefox, NICKNAME)).toEqual([authority()])
  expect(fastPathTrust()).toBe('~/.pki/nssdb, for Chromium and Chrome')
  expect(fastPathLine({certificateDir: certificates, streamPorts: [4445]})).toMatch(
    /^fast path on: the Studio talks HTTP\/2 to the lake/,
  )

  expect(await trust()).toMatch(/Already trusted in ~\/\.pki\/nssdb/)
  expect(fingerprintsIn(chromium(), NICKNAME)).toEqual([authority()])
  expect(fingerprintsIn(firefox, NICKNAME)).toEqual([authority()])
})

it('replaces the old authority when the certificate folder was made anew', async () => {
  await trust()
  const old = authority()
  rmSync(certificates, {recursive: true})
  expect(await trust()).toMatch(/Trusted in ~\/\.pki\/nssdb/)
  expect(fastPathTrust()).toBeDefined()
  expect(authority()).not.toBe(old)
  expect(fingerprintsIn(chromium(), NICKNAME)).toEqual([authority()])
})

it('removes it with --remove, and says so when there is nothing to remove', async () => {
  const firefox = firefoxProfile()
  await trust()
  expect(fastPathTrust()).toBeDefined()
  expect(await trust('--remove')).toMatch(
    /Removed from ~\/\.pki\/nssdb.*\nRemoved from .*\(Firefox\)/,
  )
  expect(fingerprintsIn(chromium(), NICKNAME)).toEqual([])
  expect(fingerprintsIn(firefox, NICKNAME)).toEqual([])
  expect(fastPathTrust()).toBeUndefined()
  expect(fastPathLine({certificateDir: certificates, streamPorts: [4445, 4446]})).toBe(
    'fast path off: the Studio talks plain HTTP to the lake, its live streams over ports 4445, 4446 (npm run trust turns HTTP/2 on)',
  )
  expect(await trust('--remove')).toMatch(/Not in ~\/\.pki\/nssdb/)
})
