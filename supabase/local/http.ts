// Small HTTP pieces the stand-in's two APIs share: bodies read whole within a limit, UTF-8 JSON of a sane
// depth, JSON answers, CORS for browsers.
import type {IncomingMessage, ServerResponse} from 'node:http'
import {readBodyWithin, utf8Text} from '@quantedge/server-kit/body'

/** GoTrue reads at most 1 MiB of a body (internal/api/api.go, limitRequestBody(1 << 20)); PostgREST sits behind the same gateway. */
export const MAX_BODY_BYTES = 1024 * 1024
/** A body over the limit is still read, and dropped, up to this size, so the client is not cut off mid-send and reads the 413. */
const MAX_DRAINED_BYTES = 128 * 1024 * 1024
/** Rows and auth requests are flat; deeper bodies are refused before Postgres' parser runs out of stack. */
export const MAX_JSON_DEPTH = 64

/** An answer to send as it is: the status, the JSON body (none for 204) and extra headers. */
export class HttpAnswer extends Error {
  readonly status: number
  readonly body: unknown
  readonly headers: Record<string, string>

  constructor(status: number, body?: unknown, headers: Record<string, string> = {}) {
    super(
      typeof body === 'object' && body && 'message' in body
        ? String(body.message)
        : `HTTP ${status}`,
    )
    this.status = status
    this.body = body
    this.headers = headers
  }
}

/** A body the API cannot read as JSON; the message says why, in words for the client. */
export class BodyNotJson extends Error {}

/** The body as text: BodyOverLimit past MAX_BODY_BYTES, BodyNotUtf8 for bytes that are not UTF-8. */
export async function readBody(req: IncomingMessage): Promise<string> {
  return utf8Text(await readBodyWithin(req, MAX_BODY_BYTES, {drainUpTo: MAX_DRAINED_BYTES}))
}

/** The body as JSON, or undefined when it is empty. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req)
  if (text.trim() === '') return undefined
  if (nestingDepth(text) > MAX_JSON_DEPTH)
    throw new BodyNotJson(`nested deeper than ${MAX_JSON_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new BodyNotJson((error as Error).message)
  }
}

/** The deepest nesting of arrays and objects in JSON text, counted without recursion. */
function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index += 1
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth)
    else if (char === ']' || char === '}') depth -= 1
  }
  return deepest
}

export function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return
  if (body === undefined) {
    res.writeHead(status, headers).end()
    return
  }
  res
    .writeHead(status, {'Content-Type': 'application/json; charset=utf-8', ...headers})
    .end(JSON.stringify(body))
}

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-supabase-api-version',
].join(', ')

/** Lets the site's pages (another origin) call the API, as Supabase's gateway does. */
export function allowCrossOrigin(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
  res.setHeader(
    'Access-Control-Expose-Headers',
    'x-supabase-api-version, x-sb-error-code, content-range, retry-after',
  )
  res.setHeader('Access-Control-Max-Age', '3600')
  res.setHeader('Vary', 'Origin')
}

export const bearerOf = (req: IncomingMessage) =>
  /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
