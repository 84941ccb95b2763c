// Request bodies, as this project's servers read them: whole, before answering (an answer that cuts off a
// client still sending is, to an HTTP/2 client, a stream reset instead of the answer), within a limit, as
// strict UTF-8, and as JSON of a bounded depth. Each server turns the refusals into its own vendor's words.
import {nestingDepth} from './depth.ts'

/** The body was longer than its limit. It was read (and dropped) up to `drainUpTo`, so the client hears why. */
export class BodyOverLimit extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`Request body exceeds limit of ${limit} bytes`)
    this.limit = limit
  }
}

/** The body's bytes are not UTF-8: refused rather than stored as U+FFFD. */
export class BodyNotUtf8 extends Error {
  constructor() {
    super('The request body is not valid UTF-8')
  }
}

/** The text is not JSON; the message says why, in JSON.parse's words. */
export class BodyNotJson extends Error {}

/** The JSON nests deeper than its limit (before a parser further on, Postgres' or the lake's, runs out of stack). */
export class BodyTooDeep extends BodyNotJson {
  readonly limit: number
  constructor(limit: number) {
    super(`nested deeper than ${limit} levels`)
    this.limit = limit
  }
}

type Incoming = AsyncIterable<unknown> & {headers: Record<string, string | string[] | undefined>}

/** The body, up to `limit` bytes; with `keep: false` it is read and dropped, and an empty one returned. */
export async function readBodyWithin(
  req: Incoming,
  limit: number,
  {keep = true, drainUpTo = 2 * limit} = {},
): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > drainUpTo) throw new BodyOverLimit(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += bytes.length
    if (size > drainUpTo) throw new BodyOverLimit(limit)
    if (keep && size <= limit) chunks.push(bytes)
  }
  if (size > limit) throw new BodyOverLimit(limit)
  return Buffer.concat(chunks)
}

const utf8 = new TextDecoder('utf-8', {fatal: true})

export function utf8Text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new BodyNotUtf8()
  }
}

/** `text` as JSON, refused when it is not JSON or nests deeper than `maxDepth`. */
export function parseJson(text: string, maxDepth: number): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new BodyNotJson((error as Error).message)
  }
  if (nestingDepth(value, maxDepth) > maxDepth) throw new BodyTooDeep(maxDepth)
  return value
}

/** A JSON body read whole within `limit` bytes, as strict UTF-8 nesting at most `maxDepth`: its text and value. */
export async function readJsonWithin(req: Incoming, limit: number, maxDepth: number) {
  const text = utf8Text(await readBodyWithin(req, limit))
  return {text, value: parseJson(text, maxDepth)}
}

/** How a small JSON API answers a body it refused: 413 over its limit, 400 not UTF-8 or not JSON; else none. */
export function bodyRefusal(error: unknown): {status: 400 | 413; message: string} | undefined {
  if (error instanceof BodyOverLimit) return {status: 413, message: error.message}
  if (error instanceof BodyNotUtf8 || error instanceof BodyNotJson)
    return {status: 400, message: error.message}
  return undefined
}
