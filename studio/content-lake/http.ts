// What the lake's handlers read and write, whether the request came over HTTP/1.1 or HTTP/2, and the
// helpers every endpoint shares: bodies with a size limit, JSON answers, cross-origin headers.
import type {IncomingHttpHeaders, OutgoingHttpHeaders} from 'node:http'
import {badRequest, LakeError} from './errors.ts'

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

const MAX_BODY_BYTES = 64 * 1024 * 1024
const MAX_JSON_BYTES = 8 * 1024 * 1024

export async function readBody(req: LakeIncoming, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += bytes.length
    if (size > limit) {
      throw new LakeError(413, {error: {description: 'Request body too large', type: 'httpPayloadTooLarge'}}, 'Too large')
    }
    chunks.push(bytes)
  }
  return Buffer.concat(chunks)
}

export async function readJson(req: LakeIncoming): Promise<unknown> {
  const text = (await readBody(req, MAX_JSON_BYTES)).toString('utf8')
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON', 'httpBadRequest')
  }
}

export function allowCrossOrigin(req: LakeIncoming, res: LakeResponse) {
  const origin = req.headers.origin
  if (!origin) return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  const requested = req.headers['access-control-request-headers']
  res.setHeader('Access-Control-Allow-Headers', requested ? String(requested) : 'Authorization, Content-Type')
  res.setHeader('Access-Control-Max-Age', '600')
  res.setHeader('Vary', 'Origin')
}

export function send(res: LakeResponse, status: number, body?: unknown, headers: OutgoingHttpHeaders = {}) {
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
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'
  res.writeHead(status, {'Content-Type': type, ...headers})
  res.end(text)
}

export const methodNotAllowed = (method: string) =>
  new LakeError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed here`}, method)

export const routeNotFound = (path: string) =>
  new LakeError(404, {statusCode: 404, error: 'Not Found', message: `No endpoint at ${path}`}, 'Not found')
