// What every server answers about itself, and what it notes of every request, around its own request listener:
//   GET /healthz  alive: 200 as long as the process answers at all (Kubernetes' liveness probe);
//   GET /readyz   ready: 200 when each of the server's checks passes, else 503, with each check and why (its
//                 readiness probe, and the edge's: servers/edge/edge.vcl);
//   GET /metrics  its numbers in the Prometheus text format (metrics.ts: loopback or METRICS_TOKEN only).
// All three are cheap and never cached (Cache-Control: no-store). Every request gets an id (X-Request-Id on the
// answer, and on every log line written while it is answered), and is counted when it ends in
// quantedge_http_request_duration_seconds by its route (a name from the route table, never the path a client sent)
// and status; at LOG_LEVEL=debug it is also logged, one line each.
import {randomBytes} from 'node:crypto'
import {Histogram, type Registry} from 'prom-client'
import {clientText, serverLog, type Log} from './log.ts'
import {
  exposition,
  METRICS_CONTENT_TYPE,
  METRICS_PATH,
  metricsRefusal,
  processMetrics,
  readMetricsEnv,
  serverRegistry,
} from './metrics.ts'
import {inRequest, type RequestContext} from './requestContext.ts'
import {send, type HttpRequest, type HttpResponse} from './send.ts'

/** One readiness check's answer: whether it passes, and what it found (said either way). */
export type Check = {ok: boolean; detail?: string}
export type Readiness = () => Record<string, Check> | Promise<Record<string, Check>>

/** A server's log and metrics, made once per server and handed to what it runs. */
export type ServerOperations = {
  server: string
  log: Log
  metrics: Registry
  requests: Histogram<'route' | 'status'>
}

/** Seconds: a static file takes well under a millisecond, a full build of the site a minute. */
const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
]

export function serverOperations(server: string, log: Log = serverLog(server)): ServerOperations {
  const metrics = serverRegistry(server)
  const requests = new Histogram({
    name: 'quantedge_http_request_duration_seconds',
    help: 'Requests answered, by route and status, and how long each took (its _count is the number of requests)',
    labelNames: ['route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics],
  })
  return {server, log, metrics, requests}
}

type ObservedRequest = HttpRequest & {socket: {remoteAddress?: string | undefined}}
type ObservedResponse = HttpResponse & {statusCode: number}

/**
 * A request's id: this process's random prefix and a count (as pino-http counts its ids), unique across a fleet's
 * processes and restarts, and cheaper to make than a UUID a request.
 */
const PROCESS_PREFIX = randomBytes(6).toString('base64url')
let requestCount = 0
const nextRequestId = () => `${PROCESS_PREFIX}-${(++requestCount).toString(36)}`

const OWN_ROUTES = new Set(['/healthz', '/readyz', METRICS_PATH])
const NO_STORE = {'Cache-Control': 'no-store'}

async function readinessOf(ready: Readiness): Promise<Record<string, Check>> {
  try {
    return await ready()
  } catch (error) {
    return {readiness: {ok: false, detail: error instanceof Error ? error.message : String(error)}}
  }
}

async function answerOwn(
  route: string,
  req: ObservedRequest,
  res: ObservedResponse,
  {server, metrics}: ServerOperations,
  ready: Readiness,
  metricsToken: string | undefined,
) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(
      res,
      405,
      {message: `${route} answers GET and HEAD`},
      {...NO_STORE, Allow: 'GET, HEAD'},
    )
  if (route === '/healthz') return send(res, 200, {status: 'ok', server}, NO_STORE)
  if (route === '/readyz') {
    const checks = await readinessOf(ready)
    const isReady = Object.values(checks).every((check) => check.ok)
    return send(
      res,
      isReady ? 200 : 503,
      {status: isReady ? 'ready' : 'not ready', server, checks},
      NO_STORE,
    )
  }
  const refusal = metricsRefusal(req, metricsToken)
  if (refusal) return send(res, refusal.status, refusal.body, refusal.headers)
  send(res, 200, await exposition(metrics), {...NO_STORE, 'Content-Type': METRICS_CONTENT_TYPE})
}

/** `listener` with the server's own endpoints in front of it, and each request given an id, counted and timed. */
export function observed<Req extends ObservedRequest, Res extends ObservedResponse>(
  operations: ServerOperations,
  listener: (req: Req, res: Res) => unknown,
  {
    ready = () => ({}),
    metricsToken = readMetricsEnv().token,
  }: {ready?: Readiness; metricsToken?: string | undefined} = {},
) {
  const {log, requests} = operations
  processMetrics()
  return (req: Req, res: Res) => {
    const started = performance.now()
    const context: RequestContext = {requestId: nextRequestId(), route: undefined}
    res.setHeader('X-Request-Id', context.requestId)
    res.on('close', () => {
      const seconds = (performance.now() - started) / 1000
      requests.observe(
        {route: context.route ?? 'unmatched', status: String(res.statusCode)},
        seconds,
      )
      if (log.isLevelEnabled('debug'))
        log.debug(
          {
            requestId: context.requestId,
            method: clientText(req.method ?? '', 20),
            path: clientText(req.url ?? ''),
            status: res.statusCode,
            ms: Math.round(seconds * 10_000) / 10,
          },
          'answered',
        )
    })
    return inRequest(context, () => {
      // Only these exact paths (a query string aside); any other spelling is the server's own to answer.
      const target = req.url ?? ''
      const query = target.indexOf('?')
      const pathname = query === -1 ? target : target.slice(0, query)
      if (!OWN_ROUTES.has(pathname)) return listener(req, res)
      context.route = pathname
      return answerOwn(pathname, req, res, operations, ready, metricsToken).catch(
        (error: unknown) => {
          log.error({err: error}, `${pathname} could not be answered`)
          send(res, 500, {message: `${pathname} could not be answered`}, NO_STORE)
        },
      )
    })
  }
}
