// The embedded Content Lake's HTTP API: the part of Sanity's that @sanity/client and Sanity Studio use.
// For development and tests only; production reads Sanity's Content Lake through the same client.
// It answers on plain HTTP for this project's own code, on HTTP/2 over TLS for a Studio whose browser trusts the
// local authority, and on a few more plain-HTTP ports (stream ports) across which a Studio without that trust
// spreads its event streams (studio/lakeRoute/), since seven of them would take all of a browser's six HTTP/1.1
// connections to one host. Its log, request ids, /healthz, /readyz (its datasets read: they are before it listens)
// and /metrics are server-kit's observe.ts, on each of its ports.
import {createServer} from 'node:http'
import {createSecureServer} from 'node:http2'
import type {AddressInfo, Socket} from 'node:net'
import {bearerToken} from '@quantedge/server-kit/bearer'
import {answeringErrors} from '@quantedge/server-kit/httpError'
import {listen} from '@quantedge/server-kit/listen'
import {serverLog} from '@quantedge/server-kit/log'
import {observed, serverOperations} from '@quantedge/server-kit/observe'
import {requestUrl} from '@quantedge/server-kit/requestUrl'
import {matchRoute, refusalOf, type RouteRefusals} from '@quantedge/server-kit/routes'
import type {HttpRequest, HttpResponse} from '@quantedge/server-kit/send'
import {type Clock, systemClock} from './releases/clock.ts'
import {CorsOrigins} from './http/cors.ts'
import {EditorAccount, LOCAL_EDITOR} from './account/editorAccount.ts'
import {LAKE_ENDPOINTS} from './http/endpoints.ts'
import {
  badRequest,
  LakeError,
  methodNotAllowed,
  routeNotFound,
  unauthorized,
} from './documents/errors.ts'
import type {Lake} from './http/lakeRequest.ts'
import {Listeners} from './events/listeners.ts'
import {LiveEvents} from './events/liveEvents.ts'
import {Presence} from './events/presence.ts'
import {archivedVersionsOf} from './releases/releaseHistory.ts'
import {ReleaseScheduler} from './actions/releaseScheduler.ts'
import {QueryPool} from './queries/queryPool.ts'
import {MAX_JSON_BYTES, MAX_UPLOAD_BYTES, readBody} from './http/requestBody.ts'
import {LakeStore, type StoreOptions} from './store/store.ts'
import {Transactions} from './writes/transactions.ts'
import type {WebhookConfig} from './events/webhooks.ts'
import type {ImageLimits} from './images/imageLimits.ts'
import {ImageVariants} from './images/imageVariants.ts'
import {ImageWorkers} from './images/imageWorkers.ts'

export {DEFAULT_IMAGE_LIMITS, type ImageLimits} from './images/imageLimits.ts'

export type ContentLakeOptions = {
  /** Folder holding one `<dataset>.ndjson` per dataset, the transaction log under `history/`, uploads under `assets/`. */
  dataDir: string
  /** The token that may read drafts and write; requests with any other bearer are refused. */
  token: string
  port?: number
  host?: string
  /** GROQ-powered webhooks to send when published documents change; read on every write. */
  webhooks?: readonly WebhookConfig[]
  /** With a certificate the lake also answers HTTP/2 over TLS on `securePort` (for the Studio). */
  tls?: {key: string; cert: string; securePort?: number}
  /** More plain-HTTP ports answering the same API, each its own connection pool in a browser (0: a free one). */
  streamPorts?: readonly number[]
  /** Browser origins that may call the lake, with credentials (Sanity's CORS origins); none by default. */
  corsOrigins?: readonly string[]
  /** How long one query may run before it is stopped with an error (default 10 s). */
  queryBudgetMs?: number
  /** How many bytes of transformed images the lake keeps on disk (default 1 GiB). */
  variantBytes?: number
  /** How many image processes run at once, for how long and how large (imageLimits.ts has the defaults). */
  imageLimits?: Partial<ImageLimits>
  /** The time releases are scheduled by (tests move it themselves); the system's by default. */
  clock?: Clock
} & Pick<StoreOptions, 'compactAfterBytes'>

export type ContentLake = {
  url: string
  port: number
  /** The HTTP/2 address for the Studio, when the lake was given a certificate. */
  secureUrl: string | undefined
  /** The stream ports' addresses (`http://127.0.0.1:<port>`), in the order given. */
  streamUrls: string[]
  close: () => Promise<void>
}

/** The project id the lake answers as; the Studio calls it at `<projectId>.localhost`. */
export const LAKE_PROJECT_ID = 'embedded'

/** What any endpoint of Sanity's API takes; anything else (PROPFIND, TRACE, …) is 405 everywhere. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

const REFUSALS: RouteRefusals = {
  notFound: (_method, pathname) => routeNotFound(pathname),
  methodNotAllowed: (method, _pathname, allowed) => methodNotAllowed(method, allowed),
}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const queries = new QueryPool(options.queryBudgetMs)
  const store = await LakeStore.open(options.dataDir, {
    ...options,
    onRead: (dataset, text) => queries.preload(dataset, text),
  }).catch(async (error: unknown) => {
    await queries.close()
    throw error
  })
  queries.readFrom({names: () => store.datasetNames(), text: (dataset) => store.text(dataset)})
  const host = options.host ?? '127.0.0.1'
  const listeners = new Listeners(queries)
  const liveEvents = new LiveEvents()
  const log = store.log
  const cors = new CorsOrigins(options.corsOrigins ?? [])
  const shared = {store, log, listeners, liveEvents, queries, projectId: LAKE_PROJECT_ID}
  const transactions = new Transactions({
    ...shared,
    author: LOCAL_EDITOR.id,
    webhooks: options.webhooks ?? [],
  })
  const clock = options.clock ?? systemClock
  const images = new ImageWorkers(options.imageLimits)
  const scheduler = new ReleaseScheduler({
    store,
    transactions,
    clock,
    archivedVersions: (dataset, releaseId) =>
      archivedVersionsOf(log.transactions(dataset), releaseId),
  })
  transactions.watchReleases((dataset) => scheduler.changed(dataset))
  const lake: Lake = {
    ...shared,
    transactions,
    publicUrl: '',
    token: options.token,
    editor: new EditorAccount(),
    images,
    variants: new ImageVariants(store.dataDir, images, options.variantBytes),
    clock,
  }
  const presence = new Presence({
    token: options.token,
    userId: LOCAL_EDITOR.id,
    admitsOrigin: (origin) => cors.allows(origin),
  })
  const answer = observed(
    serverOperations('content-lake'),
    answeringErrors(
      (req: HttpRequest, res: HttpResponse) => handle(req, res, lake, cors),
      internalError,
    ),
    {
      ready: () => ({
        datasets: {ok: true, detail: `read: ${store.datasetNames().join(', ') || 'none yet'}`},
      }),
    },
  )
  const server = createServer(answer)
  const streamServers = (options.streamPorts ?? []).map(() => createServer(answer))
  const secureServer = options.tls
    ? createSecureServer({key: options.tls.key, cert: options.tls.cert, allowHTTP1: true}, answer)
    : undefined
  for (const each of [server, secureServer, ...streamServers])
    each?.on('upgrade', (req, socket, head) => presence.upgrade(req, socket, head))
  // TLS connections (HTTP/2 sessions and HTTP/1.1 alike), so closing the lake does not wait for them to idle out.
  const secureSockets = new Set<Socket>()
  secureServer?.on('secureConnection', (socket: Socket) => {
    secureSockets.add(socket)
    socket.once('close', () => secureSockets.delete(socket))
  })
  const stopParts = async () => {
    await scheduler.stop()
    await images.close()
    await queries.close()
    await store.release()
  }
  try {
    await scheduler.start()
    lake.publicUrl = `http://${host}:${await listen(server, options.port ?? 4444, host)}`
  } catch (error) {
    await stopParts()
    throw error
  }
  let securePort: number | undefined
  const streamUrls: string[] = []
  try {
    if (secureServer) securePort = await listen(secureServer, options.tls?.securePort ?? 4443, host)
    for (const [index, streamServer] of streamServers.entries()) {
      const port = await listen(streamServer, options.streamPorts?.[index] ?? 0, host)
      streamUrls.push(`http://${host}:${port}`)
    }
  } catch (error) {
    for (const each of [server, secureServer, ...streamServers]) if (each?.listening) each.close()
    await stopParts()
    throw error
  }
  return {
    url: lake.publicUrl,
    port: (server.address() as AddressInfo).port,
    secureUrl: securePort === undefined ? undefined : `https://localhost:${securePort}`,
    streamUrls,
    close: async () => {
      listeners.closeAll()
      liveEvents.closeAll()
      presence.closeAll()
      for (const each of [server, ...streamServers]) each.closeAllConnections()
      for (const socket of secureSockets) socket.destroy()
      await Promise.all(
        [server, secureServer, ...streamServers].map((each) =>
          each ? new Promise((resolve) => each.close(resolve)) : undefined,
        ),
      )
      await stopParts()
    },
  }
}

/** Routes a request to its endpoint (endpoints.ts), after reading its body and checking its token. */
async function handle(req: HttpRequest, res: HttpResponse, lake: Lake, cors: CorsOrigins) {
  const url = requestUrl(req.url, 'http://lake')
  if (!url) throw badRequest('The request target is not a URL', 'httpBadRequest')
  if (!cors.admit(req, res, url.pathname)) return
  const method = req.method ?? 'GET'
  if (!KNOWN_METHODS.includes(method))
    throw refusalOf(KNOWN_METHODS, method, url.pathname, REFUSALS)
  const matched = matchRoute(LAKE_ENDPOINTS, method, url.pathname)
  const bearer = bearerToken(req.headers)
  const upload = matched.found && matched.handler.body === 'upload'
  // Every body is read (within its limit) before anything is answered (@quantedge/server-kit/body). Only a
  // writer's upload is kept at upload size; anyone else's is read and dropped before the 401.
  const body = await readBody(req, upload ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES, {
    keep: !upload || bearer === lake.token,
  })
  if (!matched.found) throw refusalOf(matched.allowed, method, url.pathname, REFUSALS)
  const {handler: endpoint, params} = matched
  const authenticated = req.headers.authorization !== undefined
  if (endpoint.access !== 'open' && authenticated && bearer !== lake.token)
    throw unauthorized('Session not found')
  if (endpoint.access === 'signedIn' && !authenticated)
    throw unauthorized('Sign in to the embedded Content Lake')
  const origin = req.headers.origin
  return endpoint.answer({
    res,
    method,
    params,
    search: url.searchParams,
    authenticated,
    body,
    contentType: req.headers['content-type'],
    accept: req.headers.accept,
    originAllowed: origin === undefined || cors.allows(origin),
    lake,
  })
}

function internalError(error: unknown) {
  serverLog('content-lake').error({err: error}, 'a request failed')
  const message = 'Internal error in the embedded Content Lake'
  return new LakeError(500, {statusCode: 500, error: 'Internal Server Error', message}, message)
}
