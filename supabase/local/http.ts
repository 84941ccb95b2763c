// Small HTTP pieces the stand-in's two APIs share: bodies read with a limit, JSON answers, CORS for browsers.
import type {IncomingMessage, ServerResponse} from 'node:http'

export const MAX_BODY_BYTES = 1024 * 1024

/** An answer to send as it is: the status, the JSON body (none for 204) and extra headers. */
export class HttpAnswer extends Error {
  readonly status: number
  readonly body: unknown
  readonly headers: Record<string, string>

  constructor(status: number, body?: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`)
    this.status = status
    this.body = body
    this.headers = headers
  }
}

export class BodyTooLarge extends Error {}
export class BodyNotJson extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) {
      req.resume()
      throw new BodyTooLarge(`The request body is larger than ${MAX_BODY_BYTES} bytes`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req)
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new BodyNotJson('The request body is not valid JSON')
  }
}

export function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) return
  if (body === undefined) {
    res.writeHead(status, headers).end()
    return
  }
  res.writeHead(status, {'Content-Type': 'application/json; charset=utf-8', ...headers}).end(JSON.stringify(body))
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
  res.setHeader('Access-Control-Expose-Headers', 'x-supabase-api-version, x-sb-error-code, content-range')
  res.setHeader('Access-Control-Max-Age', '3600')
  res.setHeader('Vary', 'Origin')
}

export const bearerOf = (req: IncomingMessage) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
