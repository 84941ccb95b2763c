// Request bodies as the stand-in's two APIs read them: whole, within the gateway's limit, as UTF-8 JSON of a
// sane depth (@quantedge/server-kit/body); each API words the refusals as its vendor does.
import type {IncomingMessage} from 'node:http'
import {parseJson, readBodyWithin, utf8Text} from '@quantedge/server-kit/body'

/** GoTrue reads at most 1 MiB of a body (internal/api/api.go, limitRequestBody(1 << 20)); PostgREST sits behind the same gateway. */
const MAX_BODY_BYTES = 1024 * 1024
/** A body over the limit is still read, and dropped, up to this size, so the client is not cut off mid-send and reads the 413. */
const MAX_DRAINED_BYTES = 128 * 1024 * 1024
/** Rows and auth requests are flat; deeper bodies are refused before Postgres' parser runs out of stack. */
const MAX_JSON_DEPTH = 64

/**
 * The body as JSON, or undefined when it is blank: BodyOverLimit past MAX_BODY_BYTES, BodyNotUtf8 for bytes that
 * are not UTF-8, BodyNotJson (BodyTooDeep past MAX_JSON_DEPTH) for text that is not JSON.
 */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const bytes = await readBodyWithin(req, MAX_BODY_BYTES, {drainUpTo: MAX_DRAINED_BYTES})
  const text = utf8Text(bytes)
  return text.trim() === '' ? undefined : parseJson(text, MAX_JSON_DEPTH)
}
