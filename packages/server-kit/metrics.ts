// Each server's numbers in the Prometheus text format, through prom-client: the server's own metrics in a registry
// of its own (every series labelled with the server's name), after the process's (prom-client's default metrics:
// CPU, memory, event loop lag, garbage collection, handles), which every server in the process shares. Answered on
// the server's own port (observe.ts) to a scraper that sends METRICS_TOKEN as a bearer token, or, while no token is
// set, to loopback; never to a request that came through a proxy such as the edge, whatever its address.
import {createHash, timingSafeEqual} from 'node:crypto'
import {collectDefaultMetrics, Registry} from 'prom-client'
import {bearerToken} from './bearer.ts'
import {HttpError} from './httpError.ts'
import type {Env} from './settings.ts'
import type {HttpRequest} from './send.ts'

export const METRICS_PATH = '/metrics'
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE

let processRegistry: Registry | undefined

/** The process's default metrics, collected from the first observed server's start on (observe.ts). */
export function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({register: processRegistry})
  }
  return processRegistry
}

/** A registry for one server's metrics, each series labelled `server="<name>"`. */
export function serverRegistry(server: string): Registry {
  const registry = new Registry()
  registry.setDefaultLabels({server})
  return registry
}

/** The text a scrape gets: the process's metrics, then the server's. */
export const exposition = async (registry: Registry) =>
  `${await processMetrics().metrics()}${await registry.metrics()}`

/** METRICS_TOKEN: the bearer token every scraper sends once it is set; empty answers loopback only. */
export const readMetricsEnv = (env: Env = process.env) => ({token: env.METRICS_TOKEN || undefined})

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** Headers a proxy adds (the edge's Varnish adds X-Forwarded-For and Via): such a request came from elsewhere. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'via', 'x-real-ip']

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether `sent` is the token, in a time that tells nothing of either (equal-length digests, whatever was sent). */
const sameToken = (sent: string, token: string) => timingSafeEqual(digest(sent), digest(token))

/** Why `req` may not read the metrics, as the answer to send; undefined when it may. */
export function metricsRefusal(
  req: HttpRequest & {socket: {remoteAddress?: string | undefined}},
  token: string | undefined,
): HttpError | undefined {
  const sent = bearerToken(req.headers)
  if (sent !== undefined) {
    if (token && sameToken(sent, token)) return undefined
    return new HttpError(
      401,
      {message: 'The bearer token is not the metrics token (METRICS_TOKEN)'},
      {'WWW-Authenticate': 'Bearer error="invalid_token"', 'Cache-Control': 'no-store'},
    )
  }
  // With a token set, every scrape sends it, loopback's too: a proxy on this machine that adds none of the proxy
  // headers would otherwise pass the internet's requests as this machine's.
  const direct = LOOPBACK.test(req.socket.remoteAddress ?? '')
  if (!token && direct && !PROXY_HEADERS.some((name) => req.headers[name] !== undefined))
    return undefined
  return token
    ? new HttpError(
        401,
        {message: 'Send the metrics token (METRICS_TOKEN) as a bearer token'},
        {'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store'},
      )
    : new HttpError(
        403,
        {
          message:
            'Metrics are answered to this machine only; set METRICS_TOKEN for a scraper elsewhere',
        },
        {'Cache-Control': 'no-store'},
      )
}
