// Request bodies, read whole before an endpoint answers (an answer that cuts off a client still sending is, to
// an HTTP/2 client, a stream reset instead of the answer), within Sanity's limits, and refused when they are not
// UTF-8 JSON of a sane depth. Limits from https://www.sanity.io/docs/content-lake/technical-limits.
import {BodyNotUtf8, BodyOverLimit, readBodyWithin, utf8Text} from '@quantedge/server-kit/body'
import {badRequest, LakeError} from './errors.ts'
import {nestingDepth} from './depth.ts'
import type {LakeIncoming} from './http.ts'

/** Sanity's "maximum request body size": asset uploads. */
export const MAX_UPLOAD_BYTES = 100_000_000
/** Sanity's "maximum mutation request body size"; the lake holds every JSON body to it. */
export const MAX_JSON_BYTES = 4_000_000
/** Documents may nest 20 levels; a body wraps them in a few more (mutations, patches, actions). */
const MAX_JSON_DEPTH = 32
/** A body over its limit is still read (and dropped) up to this size, so that the client gets the 413. */
const MAX_DRAINED_BYTES = 2 * MAX_UPLOAD_BYTES

/** 413 in Sanity's words ("Request body exceeds limit of 4000000 bytes"). */
const tooLarge = (limit: number) => {
  const description = `Request body exceeds limit of ${limit} bytes`
  return new LakeError(413, {error: {description, type: 'httpPayloadTooLarge'}}, description)
}

/** The body, up to `limit` bytes (413 beyond); with `keep: false` it is read and dropped, and an empty one returned. */
export async function readBody(
  req: LakeIncoming,
  limit: number,
  {keep = true} = {},
): Promise<Buffer> {
  try {
    return await readBodyWithin(req, limit, {keep, drainUpTo: MAX_DRAINED_BYTES})
  } catch (error) {
    throw error instanceof BodyOverLimit ? tooLarge(limit) : error
  }
}

/** The body as text; bytes that are not UTF-8 are refused rather than stored as U+FFFD. */
function bodyText(bytes: Buffer): string {
  try {
    return utf8Text(bytes)
  } catch (error) {
    throw error instanceof BodyNotUtf8 ? badRequest(error.message, 'httpBadRequest') : error
  }
}

/** The body as JSON (undefined when empty). */
export function parseJsonBody(bytes: Buffer): unknown {
  const text = bodyText(bytes)
  if (text === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON', 'httpBadRequest')
  }
  if (nestingDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw badRequest(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      'httpBadRequest',
    )
  }
  return value
}
