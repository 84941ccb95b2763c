// A certificate trusted as an authority in an NSS store, the store Chromium and Chrome read on Linux
// (~/.pki/nssdb) and each Firefox profile keeps (cert9.db), through NSS's own certutil (Debian's
// libnss3-tools), as mkcert does: `-A -t "C,,"` trusts it to issue server certificates, `-D` removes it.
// The certificate is known by its nickname; a different certificate under that name (an authority made anew)
// is replaced, so trusting twice changes nothing.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync} from 'node:fs'
import {X509Certificate} from 'node:crypto'
import {join} from 'node:path'

const certutil = (store: string, args: string[]) =>
  execFileSync('certutil', ['-d', `sql:${store}`, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

/** The certificates the store holds under `nickname`, as their SHA-256 fingerprints. */
export function fingerprintsIn(store: string, nickname: string): string[] {
  if (!existsSync(join(store, 'cert9.db'))) return []
  let pem: string
  try {
    pem = certutil(store, ['-L', '-n', nickname, '-a'])
  } catch {
    return []
  }
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map(
    ([block]) => new X509Certificate(block).fingerprint256,
  )
}

/** Trusts `certificate` (PEM) as `nickname`; says whether the store changed. A missing store is made. */
export function trustIn(
  store: string,
  nickname: string,
  certificatePath: string,
  certificate: X509Certificate,
) {
  const held = fingerprintsIn(store, nickname)
  if (held.length === 1 && held[0] === certificate.fingerprint256) return false
  if (!existsSync(join(store, 'cert9.db'))) {
    mkdirSync(store, {recursive: true, mode: 0o700})
    certutil(store, ['-N', '--empty-password'])
  }
  for (const _ of held) certutil(store, ['-D', '-n', nickname])
  certutil(store, ['-A', '-t', 'C,,', '-n', nickname, '-i', certificatePath])
  return true
}

/** Removes every certificate the store holds as `nickname`; says whether there was one. */
export function distrustIn(store: string, nickname: string) {
  const held = fingerprintsIn(store, nickname)
  for (const _ of held) certutil(store, ['-D', '-n', nickname])
  return held.length > 0
}
