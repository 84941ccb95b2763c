// A server's request listener made from its route table: each request goes to the route that takes it, with its
// URL and parameters; a request no route takes is refused, and anything a handler throws is answered, in the
// server's own words.
import {answeringErrors, HttpError} from './httpError.ts'
import {requestUrl} from './requestUrl.ts'
import {routeFor, type Params, type Route, type RouteRefusals} from './routes.ts'
import type {HttpRequest, HttpResponse} from './send.ts'

export type RouteRequest<Request, Response> = {
  req: Request
  res: Response
  url: URL
  params: Params
}

export type RouteHandler<Request, Response> = (request: RouteRequest<Request, Response>) => unknown

export type ServerWords = RouteRefusals & {
  /** The answer to what a handler throws that is not an HttpError (the server logs it here). */
  internalError: (error: unknown) => HttpError
  /** The origin request URLs are read against, where handlers need the server's own address. */
  origin?: () => string
}

export function answerRoutes<Request extends HttpRequest, Response extends HttpResponse>(
  routes: readonly Route<RouteHandler<Request, Response>>[],
  words: ServerWords,
) {
  return answeringErrors((req: Request, res: Response) => {
    const url = requestUrl(req.url, words.origin?.() ?? 'http://localhost')
    if (!url) throw new HttpError(400, 'Bad request: the request target is not a URL')
    const {handler, params} = routeFor(routes, req.method ?? 'GET', url.pathname, words)
    return handler({req, res, url, params})
  }, words.internalError)
}
