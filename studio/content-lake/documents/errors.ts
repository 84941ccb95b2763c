// Errors answered in the shapes Sanity's API uses, so @sanity/client turns them into the same messages.
import {HttpError} from '@quantedge/server-kit/httpError'

/** An answer in Sanity's words, thrown; the message is what the lake's own code and logs read. */
export class LakeError extends HttpError {
  constructor(
    status: number,
    body: unknown,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, body, headers, message)
  }
}

/** A bad request: `{error: {description, type}}`, which the client reports by its description. */
export const badRequest = (description: string, type = 'validationError') =>
  new LakeError(400, {error: {description, type}}, description)

export const notFound = (description: string) =>
  new LakeError(404, {error: {description, type: 'notFoundError'}}, description)

/** 405 in the `{statusCode, error, message}` shape; the route table adds the `Allow` header. */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new LakeError(
    405,
    {
      statusCode: 405,
      error: 'Method Not Allowed',
      message: `${method} is not allowed here; use ${allowed.join(' or ')}`,
    },
    method,
  )

export const routeNotFound = (path: string) =>
  new LakeError(
    404,
    {statusCode: 404, error: 'Not Found', message: `No endpoint at ${path}`},
    'Not found',
  )

/** 401 as Sanity answers a missing or unknown token: `{statusCode, error, message}`. */
export const unauthorized = (message: string) =>
  new LakeError(401, {statusCode: 401, error: 'Unauthorized', message}, message)

/** A GROQ syntax error with the span the client draws a code frame from. */
export const queryParseError = (query: string, description: string, start: number, end: number) =>
  new LakeError(
    400,
    {error: {description, query, start, end, type: 'queryParseError'}},
    description,
  )

/** A failed transaction: nothing in it is applied; each failing mutation is listed by its index. */
export const mutationError = (status: number, index: number, type: string, description: string) =>
  new LakeError(
    status,
    {
      error: {
        description: `The mutation(s) failed: ${description}`,
        type: 'mutationError',
        items: [{index, error: {description, type}}],
      },
    },
    description,
  )
