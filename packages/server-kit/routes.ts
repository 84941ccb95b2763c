// One declared route table per server. A route is the methods it takes ('*' for any) and a pathname pattern
// (Node's URLPattern, the WHATWG standard: `:name`, `:name(regex)`, `*`, `{…}?`). The first route whose pattern
// matches names the endpoint, and the routes declared with that same pathname are its methods: a method none of
// them takes is the server's 405, with the `Allow` header HTTP requires; a path no pattern matches is its 404.
// Each server words both refusals as its vendor does. The endpoint names the request being answered, for its
// metrics (requestContext.ts): its pattern, without the regular expressions in it.
import {HttpError} from './httpError.ts'
import {nameRoute} from './requestContext.ts'

export type Route<Handler> = {
  methods: '*' | readonly string[]
  pathname: string
  /** What the request's metrics are counted under. */
  name: string
  pattern: URLPattern
  handler: Handler
}

export type Params = Record<string, string | undefined>

export type RouteMatch<Handler> =
  {found: true; handler: Handler; params: Params} | {found: false; allowed: readonly string[]}

/** The server's words for a request no route takes. */
export type RouteRefusals = {
  notFound: (method: string, pathname: string) => HttpError
  /** A 405 gets `Allow` added. Without it, a method no route takes is not found, as some vendors answer it. */
  methodNotAllowed?: (method: string, pathname: string, allowed: readonly string[]) => HttpError
}

export const route = <Handler>(
  methods: '*' | string | readonly string[],
  pathname: string,
  handler: Handler,
): Route<Handler> => ({
  methods: methods === '*' ? '*' : typeof methods === 'string' ? [methods] : methods,
  pathname,
  name: pathname.replace(/\([^)]*\)/g, ''),
  pattern: new URLPattern({pathname}),
  handler,
})

const takes = (candidate: Route<unknown>, method: string) =>
  candidate.methods === '*' || candidate.methods.includes(method)

export function matchRoute<Handler>(
  routes: readonly Route<Handler>[],
  method: string,
  pathname: string,
): RouteMatch<Handler> {
  const owner = routes.find((candidate) => candidate.pattern.test({pathname}))
  if (!owner) return {found: false, allowed: []}
  nameRoute(owner.name)
  const endpoint = routes.filter((candidate) => candidate.pathname === owner.pathname)
  const chosen = endpoint.find((candidate) => takes(candidate, method))
  if (!chosen) {
    const allowed = new Set(endpoint.flatMap(({methods}) => (methods === '*' ? [] : methods)))
    return {found: false, allowed: [...allowed]}
  }
  const params = chosen.pattern.exec({pathname})?.pathname.groups ?? {}
  return {found: true, handler: chosen.handler, params}
}

/** The refusal of a request no route takes: 405 for a path known under other methods, else 404. */
export function refusalOf(
  allowed: readonly string[],
  method: string,
  pathname: string,
  refusals: RouteRefusals,
): HttpError {
  if (allowed.length === 0 || !refusals.methodNotAllowed) return refusals.notFound(method, pathname)
  const refusal = refusals.methodNotAllowed(method, pathname, allowed)
  const headers = {...refusal.headers, Allow: allowed.join(', ')}
  return new HttpError(refusal.status, refusal.body, headers, refusal.message)
}

/** The route that takes the request, or the server's refusal, thrown. */
export function routeFor<Handler>(
  routes: readonly Route<Handler>[],
  method: string,
  pathname: string,
  refusals: RouteRefusals,
): {handler: Handler; params: Params} {
  const matched = matchRoute(routes, method, pathname)
  if (!matched.found) throw refusalOf(matched.allowed, method, pathname, refusals)
  return matched
}
