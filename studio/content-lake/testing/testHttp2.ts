// Requests to a test lake's HTTP/2 port the way the Studio sends them: many streams on one session, over TLS
// with the lake's throwaway authority. For tests and the benchmark.
import {connect, type ClientHttp2Session} from 'node:http2'
import {readFileSync} from 'node:fs'
import {once} from 'node:events'

/** A lake started with a certificate: a test lake started `secure`, or a child lake. */
type SecureLake = {secureUrl: string | undefined; authorityPath: string | undefined}

export type Http2Answer = {status: number; text: string}

/** One HTTP/2 session to the lake's secure port, connected. */
export async function openHttp2Session(
  lake: SecureLake,
  servername = 'localhost',
): Promise<ClientHttp2Session> {
  const session = connect(lake.secureUrl ?? '', {
    ca: readFileSync(lake.authorityPath ?? ''),
    servername,
  })
  await once(session, 'connect')
  return session
}

/** One stream: headers (`:path`, `:method`, …), an optional body, and the answer's status and text. */
export function http2Request(
  session: ClientHttp2Session,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Http2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers)
    let text = ''
    let status = 0
    stream.on('response', (response) => (status = Number(response[':status'])))
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    stream.on('end', () => resolve({status, text}))
    stream.on('error', reject)
    stream.end(body)
  })
}
