// What the lake's handlers read and write, whether the request came over HTTP/1.1 or HTTP/2, and the
// helpers every endpoint shares: JSON answers, event streams, Sanity's 404 and 405.
import type {IncomingHttpHeaders, OutgoingHttpHeaders} from 'node:http'
import {LakeError} from './errors.ts'

/** The part of Node's request (http or http2 compatibility API) the lake reads. */
export interface LakeIncoming extends AsyncIterable<unknown> {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
}

/** The part of Node's response (http or http2 compatibility API) the lake writes. */
export interface LakeResponse {
  setHeader(name: string, value: string): unknown
  writeHead(statusCode: number, headers?: OutgoingHttpHeaders): unknown
  write(chunk: string | Uint8Array): boolean
  end(chunk?: string | Uint8Array): unknown
  on(event: 'close', listener: () => void): unknown
}

const EVENT_STREAM_HEARTBEAT_MS = 20_000

/**
 * Starts a server-sent-event stream with its first event, keeps it alive with a comment line every 20 s,
 * and calls `onClose` when the client goes.
 */
export function openEventStream(res: LakeResponse, firstEvent: string, onClose: () => void) {
  res.writeHead(200, {'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache'})
  res.write(firstEvent)
  const heartbeat = setInterval(() => res.write(':\n\n'), EVENT_STREAM_HEARTBEAT_MS)
  res.on('close', () => {
    clearInterval(heartbeat)
    onClose()
  })
}

export function send(
  res: LakeResponse,
  status: number,
  body?: unknown,
  headers: OutgoingHttpHeaders = {},
) {
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

/** 405 with the methods the endpoint takes (an `Allow` header, as HTTP requires). */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new LakeError(
    405,
    {
      statusCode: 405,
      error: 'Method Not Allowed',
      message: `${method} is not allowed here; use ${allowed.join(' or ')}`,
    },
    method,
    {Allow: allowed.join(', ')},
  )

/** Refuses `method` unless it is one of `allowed`. */
export function allowMethods(method: string, allowed: readonly string[]) {
  if (!allowed.includes(method)) throw methodNotAllowed(method, allowed)
}

export const routeNotFound = (path: string) =>
  new LakeError(
    404,
    {statusCode: 404, error: 'Not Found', message: `No endpoint at ${path}`},
    'Not found',
  )
