// One declared route table per server. A route is a method and a pathname pattern (Node's URLPattern, the
// WHATWG standard: `:name`, `:name(regex)`, `*`); the first route that matches answers. A path that matches
// only under other methods is the server's 405, no match its 404, each in the server's own words.

export type Route<Handler> = {method: string; pattern: URLPattern; handler: Handler}

export type Params = Record<string, string | undefined>

export type RouteMatch<Handler> =
  {found: true; handler: Handler; params: Params} | {found: false; allowed: string[]}

/** `method` is an HTTP method, or '*' for any. */
export const route = <Handler>(
  method: string,
  pathname: string,
  handler: Handler,
): Route<Handler> => ({
  method,
  pattern: new URLPattern({pathname}),
  handler,
})

export function matchRoute<Handler>(
  routes: readonly Route<Handler>[],
  method: string,
  pathname: string,
): RouteMatch<Handler> {
  const allowed = new Set<string>()
  for (const candidate of routes) {
    const matched = candidate.pattern.exec({pathname})
    if (!matched) continue
    if (candidate.method === '*' || candidate.method === method) {
      return {found: true, handler: candidate.handler, params: matched.pathname.groups}
    }
    allowed.add(candidate.method)
  }
  return {found: false, allowed: [...allowed]}
}
