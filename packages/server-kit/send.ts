// Answering a request, whether it came over HTTP/1.1 or HTTP/2 (Node's compatibility API): the status, a body
// (JSON for a value, plain text for a string, bytes as they are) and headers. Each server supplies its own
// vendor's bodies; this is only how they go out.
import type {IncomingHttpHeaders, OutgoingHttpHeaders} from 'node:http'
import type {Readable} from 'node:stream'

/** The part of Node's request (http or http2 compatibility API, both readable streams) this project's servers read. */
export interface HttpRequest extends Readable {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
}

/** The part of Node's response (http or http2 compatibility API) this project's servers write. */
export interface HttpResponse {
  readonly headersSent: boolean
  setHeader(name: string, value: string): unknown
  writeHead(statusCode: number, headers?: OutgoingHttpHeaders): unknown
  write(chunk: string | Uint8Array): boolean
  end(chunk?: string | Uint8Array): unknown
  on(event: 'close', listener: () => void): unknown
}

/**
 * Sends `body`: none, bytes (with their length), a string (plain text) or any other value (JSON); `headers` may
 * name another Content-Type. A response whose headers have gone out already is only ended.
 */
export function send(
  res: HttpResponse,
  status: number,
  body?: unknown,
  headers: OutgoingHttpHeaders = {},
) {
  if (res.headersSent) {
    res.end()
    return
  }
  if (body === undefined) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  if (Buffer.isBuffer(body)) {
    res.writeHead(status, {'Content-Length': String(body.length), ...headers})
    res.end(body)
    return
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const type =
    typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'
  res.writeHead(status, {'Content-Type': type, ...headers})
  res.end(text)
}
