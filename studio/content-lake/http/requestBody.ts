// Request bodies, read whole before an endpoint answers (@quantedge/server-kit/body), within Sanity's limits, and
// refused in Sanity's words when they are not UTF-8 JSON of a sane depth.
// Limits from https://www.sanity.io/docs/content-lake/technical-limits.
import {
  BodyNotJson,
  BodyNotUtf8,
  BodyOverLimit,
  BodyTooDeep,
  parseJson,
  readBodyWithin,
  utf8Text,
} from '@quantedge/server-kit/body'
import type {HttpRequest} from '@quantedge/server-kit/send'
import {badRequest, LakeError} from '../documents/errors.ts'

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
  req: HttpRequest,
  limit: number,
  {keep = true} = {},
): Promise<Buffer> {
  try {
    return await readBodyWithin(req, limit, {keep, drainUpTo: MAX_DRAINED_BYTES})
  } catch (error) {
    throw error instanceof BodyOverLimit ? tooLarge(limit) : error
  }
}

/** The body as JSON (undefined when empty); bytes that are not UTF-8 are refused rather than stored as U+FFFD. */
export function parseJsonBody(bytes: Buffer): unknown {
  try {
    const text = utf8Text(bytes)
    return text === '' ? undefined : parseJson(text, MAX_JSON_DEPTH)
  } catch (error) {
    if (error instanceof BodyTooDeep)
      throw badRequest(
        `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
        'httpBadRequest',
      )
    if (error instanceof BodyNotJson)
      throw badRequest('The request body is not valid JSON', 'httpBadRequest')
    if (error instanceof BodyNotUtf8) throw badRequest(error.message, 'httpBadRequest')
    throw error
  }
}
