// The request being answered, wherever its work goes (Node's AsyncLocalStorage): its id, which every log line
// written meanwhile carries (log.ts), and the name of the route that took it, which its metrics are counted under
// (observe.ts). The route table names it (routes.ts); a handler may name it more closely (the site: page or asset).
import {AsyncLocalStorage} from 'node:async_hooks'

export type RequestContext = {readonly requestId: string; route: string | undefined}

const requests = new AsyncLocalStorage<RequestContext>()

/** Runs `work` as the answer to the request `context` describes. */
export const inRequest = <T>(context: RequestContext, work: () => T): T =>
  requests.run(context, work)

/** The id of the request being answered, if any. */
export const currentRequestId = (): string | undefined => requests.getStore()?.requestId

/** Names the route of the request being answered: a bounded set of names (never a path a client chose). */
export function nameRoute(route: string) {
  const context = requests.getStore()
  if (context) context.route = route
}
