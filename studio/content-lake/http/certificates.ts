// The local certificate authority and the localhost certificate the lake's HTTP/2 server presents.
// The Studio keeps six event streams open; over HTTP/1.1 they would take all of a browser's connections
// to the host, so the lake also answers HTTP/2, which browsers speak only over TLS.
import {existsSync, mkdirSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {X509Certificate} from 'node:crypto'
import {writeFileAtomically} from '../store/atomicWrite.ts'

export type LakeCertificate = {
  key: string
  cert: string
  /** The authority's certificate: what a browser or `NODE_EXTRA_CA_CERTS` is told to trust. */
  authorityPath: string
  /** True when this call created the authority (the first start), so the caller can say how to trust it. */
  createdAuthority: boolean
}

const AUTHORITY_NAME = 'QuantEdge embedded Content Lake local CA'
/** The Studio calls `<projectId>.localhost`; our own code calls 127.0.0.1. */
const HOST_NAMES = ['localhost', '*.localhost', 'embedded.localhost']
const VALID_DAYS = 825

/** Where the local authority's certificate is kept in a certificate folder. */
export const authorityCertificatePath = (folder: string) => join(resolve(folder), 'local-ca.crt')

const files = (folder: string) => ({
  authorityCert: authorityCertificatePath(folder),
  authorityKey: join(folder, 'local-ca.key'),
  cert: join(folder, 'localhost.crt'),
  key: join(folder, 'localhost.key'),
})

/** Reads the certificate from `folder`, creating the authority and the certificate on first use. */
export async function localCertificate(folder: string): Promise<LakeCertificate> {
  const paths = files(resolve(folder))
  mkdirSync(folder, {recursive: true, mode: 0o700})
  const createdAuthority = !existsSync(paths.authorityCert) || !existsSync(paths.authorityKey)
  // selfsigned (node-forge) takes a quarter of a second to load: only a start that makes a certificate pays it.
  const generate = async (...args: Parameters<typeof import('selfsigned').generate>) =>
    (await import('selfsigned')).generate(...args)
  if (createdAuthority) {
    const authority = await generate([{name: 'commonName', value: AUTHORITY_NAME}], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: daysFromNow(VALID_DAYS),
      extensions: [
        {name: 'basicConstraints', cA: true, critical: true},
        {name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true},
      ],
    })
    writeFileAtomically(paths.authorityKey, authority.private, 0o600)
    writeFileAtomically(paths.authorityCert, authority.cert, 0o600)
  }
  if (
    createdAuthority ||
    !existsSync(paths.cert) ||
    !existsSync(paths.key) ||
    expiresSoon(paths.cert)
  ) {
    const leaf = await generate([{name: 'commonName', value: 'localhost'}], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: daysFromNow(VALID_DAYS),
      ca: {
        key: readFileSync(paths.authorityKey, 'utf8'),
        cert: readFileSync(paths.authorityCert, 'utf8'),
      },
      extensions: [
        {name: 'basicConstraints', cA: false, critical: true},
        {name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true},
        {name: 'extKeyUsage', serverAuth: true},
        {
          name: 'subjectAltName',
          altNames: [
            ...HOST_NAMES.map((value) => ({type: 2 as const, value})),
            {type: 7, ip: '127.0.0.1'},
          ],
        },
      ],
    })
    writeFileAtomically(paths.key, leaf.private, 0o600)
    writeFileAtomically(paths.cert, leaf.cert, 0o600)
  }
  return {
    key: readFileSync(paths.key, 'utf8'),
    cert: readFileSync(paths.cert, 'utf8'),
    authorityPath: paths.authorityCert,
    createdAuthority,
  }
}

/** Said once, when the authority is created: how to make a browser trust the lake's certificate. */
export const trustInstructions = (
  authorityPath: string,
) => `A local certificate authority for the Studio's connection to the embedded lake was created:
    ${authorityPath}
  The Studio works without it; trusting it once, for your user only, turns on its fast path (HTTP/2 to the
  lake): npm run trust (docs/studio-connection.md).`

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000)

function expiresSoon(certPath: string) {
  const validTo = Date.parse(new X509Certificate(readFileSync(certPath)).validTo)
  return validTo - Date.now() < 30 * 24 * 60 * 60 * 1000
}
