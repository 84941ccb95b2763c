// An answer thrown from anywhere in a handler: its status, body and headers, in the words of the server's
// vendor (Sanity's, GoTrue's, PostgREST's), sent as it is. Anything else thrown is the server's 500.
import {send, type HttpRequest, type HttpResponse} from './send.ts'

export class HttpError extends Error {
  readonly status: number
  readonly body: unknown
  readonly headers: Record<string, string>

  constructor(
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
    message = messageOf(body) ?? `HTTP ${status}`,
  ) {
    super(message)
    this.status = status
    this.body = body
    this.headers = headers
  }
}

const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : undefined

/**
 * A request listener that runs `handle` and answers what it throws: an HttpError as it is, anything else as
 * `otherwise` turns it into one (the server's words for its 500, or for errors it knows).
 */
export function answeringErrors<Request extends HttpRequest, Response extends HttpResponse>(
  handle: (req: Request, res: Response) => unknown,
  otherwise: (error: unknown, req: Request) => HttpError,
) {
  return async (req: Request, res: Response) => {
    try {
      await handle(req, res)
    } catch (error) {
      const answer = error instanceof HttpError ? error : otherwise(error, req)
      send(res, answer.status, answer.body, answer.headers)
    }
  }
}
