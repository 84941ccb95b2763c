// Errors answered in the shapes Sanity's API uses, so @sanity/client turns them into the same messages.

export class LakeError extends Error {
  readonly status: number
  readonly body: unknown
  readonly headers: Record<string, string>

  constructor(
    status: number,
    body: unknown,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = status
    this.body = body
    this.headers = headers
  }
}

/** A bad request: `{error: {description, type}}`, which the client reports by its description. */
export const badRequest = (description: string, type = 'validationError') =>
  new LakeError(400, {error: {description, type}}, description)

export const notFound = (description: string) =>
  new LakeError(404, {error: {description, type: 'notFoundError'}}, description)

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
