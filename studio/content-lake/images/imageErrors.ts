// Image refusals in Sanity's words. The image CDN answers `{statusCode, error, message}` (its 400 for a bad
// parameter: `Parameter "w" must be a valid integer`, https://github.com/ascorbic/unpic-img/issues/3). The asset
// API refuses an upload it cannot read as an image with 400 `Invalid image, could not read metadata` and the
// reason in `details` (its answer as quoted in https://github.com/sanity-io/sanity/issues/185).
import {STATUS_CODES} from 'node:http'
import {LakeError} from '../documents/errors.ts'

/** The CDN's refusal: `{statusCode, error, message}` with the status's own reason phrase. */
export const cdnError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new LakeError(
    status,
    {statusCode: status, error: STATUS_CODES[status] ?? 'Error', message},
    message,
    headers,
  )

/** An upload refused as an image, `details` saying why. */
export const invalidImage = (details: string) =>
  new LakeError(
    400,
    {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid image, could not read metadata',
      details,
    },
    details,
  )
