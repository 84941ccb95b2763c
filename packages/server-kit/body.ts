// Request bodies, as this project's servers read them: whole, before answering (an answer that cuts off a
// client still sending is, to an HTTP/2 client, a stream reset instead of the answer), within a limit, as
// strict UTF-8, and as JSON of a bounded depth. Each server turns the refusals into its own vendor's words.
import type {Readable} from 'node:stream'
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

type Incoming = Readable & {headers: Record<string, string | string[] | undefined>}

/**
 * How long what a client still sends past the drain limit is read and dropped before the connection closes: as
 * nginx's lingering close (lingering_timeout, 5 s), so a client still sending reads the refusal instead of a reset.
 */
export const LINGER_MS = 5_000

/** Reads and drops the rest of `req` for LINGER_MS, then closes it if the client is still sending. */
function lingerThenClose(req: Incoming) {
  req.resume()
  setTimeout(() => {
    if (!req.readableEnded) req.destroy()
  }, LINGER_MS).unref()
}

/**
 * The body, up to `limit` bytes; with `keep: false` it is read and dropped, and an empty one returned. A body over
 * `limit` is read to its end (and dropped) up to `drainUpTo`, then refused, so the client reads the refusal on a
 * connection it can use again; a longer one is refused at once, and read and dropped for a while before its
 * connection closes (lingerThenClose). Never destroys the request itself, which would cut the client off mid-send.
 */
export async function readBodyWithin(
  req: Incoming,
  limit: number,
  {keep = true, drainUpTo = 2 * limit} = {},
): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > drainUpTo) {
    lingerThenClose(req)
    throw new BodyOverLimit(limit)
  }
  const chunks: Buffer[] = []
  let size = 0
  await new Promise<void>((resolve, reject) => {
    const stop = (error?: unknown) => {
      req.off('data', onData)
      req.off('end', stop)
      req.off('error', stop)
      req.off('close', closed)
      if (error) reject(error)
      else resolve()
    }
    const closed = () => stop(new Error('The client closed the request before its body ended'))
    const onData = (chunk: unknown) => {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
      size += bytes.length
      if (size > drainUpTo) {
        stop(new BodyOverLimit(limit))
        lingerThenClose(req)
        return
      }
      if (keep && size <= limit) chunks.push(bytes)
    }
    req.on('data', onData)
    req.once('end', stop)
    req.once('error', stop)
    req.once('close', closed)
  })
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
