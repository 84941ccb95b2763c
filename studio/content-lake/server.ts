// The embedded Content Lake's HTTP API: the part of Sanity's that @sanity/client and Sanity Studio use.
// For development and tests only; production reads Sanity's Content Lake through the same client.
// It answers on two ports: plain HTTP for this project's own code, and HTTP/2 over TLS for the Studio,
// whose six event streams would take all of a browser's HTTP/1.1 connections to one host.
import {createServer} from 'node:http'
import {createSecureServer} from 'node:http2'
import type {AddressInfo, Socket} from 'node:net'
import {listen} from '@quantedge/server-kit/listen'
import {matchRoute, route, type Params} from '@quantedge/server-kit/routes'
import {CorsOrigins} from './cors.ts'
import {
  act,
  answerDocumentHistory,
  answerDocuments,
  answerQuery,
  forDataset,
  listenForChanges,
  mutate,
  openLiveEvents,
  serveAsset,
  uploadAsset,
  type DataEndpoint,
  type Lake,
} from './dataApi.ts'
import {LakeError, unauthorized} from './errors.ts'
import {
  methodNotAllowed,
  routeNotFound,
  send,
  type LakeIncoming,
  type LakeResponse,
} from './http.ts'
import {Listeners} from './listeners.ts'
import {LiveEvents} from './liveEvents.ts'
import {Presence} from './presence.ts'
import {QueryPool} from './queryPool.ts'
import {MAX_JSON_BYTES, MAX_UPLOAD_BYTES, readBody} from './requestBody.ts'
import {LakeStore, type StoreOptions} from './store.ts'
import {LOCAL_EDITOR, StudioApi} from './studioApi.ts'
import {TransactionLog} from './transactionLog.ts'
import {Transactions} from './transactions.ts'
import type {AssetKind} from './assets.ts'
import type {WebhookConfig} from './webhooks.ts'

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
  /** Browser origins that may call the lake, with credentials (Sanity's CORS origins); none by default. */
  corsOrigins?: readonly string[]
  /** How long one query may run before it is stopped with an error (default 10 s). */
  queryBudgetMs?: number
} & Pick<StoreOptions, 'compactAfterBytes'>

export type ContentLake = {
  url: string
  port: number
  /** The HTTP/2 address for the Studio, when the lake was given a certificate. */
  secureUrl: string | undefined
  close: () => Promise<void>
}

/** The project id the lake answers as; the Studio calls it at `<projectId>.localhost`. */
export const LAKE_PROJECT_ID = 'embedded'

/** Sanity's API versions: v1, vYYYY-MM-DD, vX. */
const VERSION = ':version(1|\\d{4}-\\d{2}-\\d{2}|X)'

type LakeRequest = {
  req: LakeIncoming
  res: LakeResponse
  url: URL
  method: string
  parts: Parts
  authenticated: boolean
  body: Buffer
}

/** A route's answer, the most body it reads, and whether it is an API route that checks the bearer token. */
type LakeRoute = {
  answer: (request: LakeRequest, params: Params) => unknown
  bodyLimit: number
  api: boolean
}

const common = ({req, url, method, authenticated, body}: LakeRequest) => ({
  method,
  search: url.searchParams,
  authenticated,
  body,
  contentType: req.headers['content-type'],
})

/** A data endpoint, `/v<version>/data/<name>/<dataset>[/<rest>]`, for a dataset name Sanity allows. */
function dataRoute(name: string, endpoint: DataEndpoint) {
  const answer = forDataset(endpoint)
  return route<LakeRoute>('*', `/v${VERSION}/data/${name}/:dataset{/*}?`, {
    answer: (request, {version, dataset, 0: rest}) =>
      answer(
        {...common(request), apiVersion: version ?? '', dataset: dataset ?? '', rest},
        request.res,
        request.parts.lake,
      ),
    bodyLimit: MAX_JSON_BYTES,
    api: true,
  })
}

/** Every endpoint of the lake, first match answering (see README.md for the files behind each). */
const ROUTES = [
  route<LakeRoute>('*', '/v1/ping', {
    answer: ({res}) => send(res, 200, 'PONG'),
    bodyLimit: MAX_JSON_BYTES,
    api: false,
  }),
  route<LakeRoute>('*', '/:kind(images|files)/:project/:dataset/:name', {
    answer: ({res, method, parts}, params) =>
      serveAsset(res, method, parts.lake, params.dataset ?? '', params.name ?? ''),
    bodyLimit: MAX_JSON_BYTES,
    api: false,
  }),
  route<LakeRoute>('*', `/v${VERSION}/data/live/events/:dataset`, {
    answer: (request, params) =>
      openLiveEvents(request.parts.lake, request.res, {
        ...common(request),
        dataset: params.dataset ?? '',
      }),
    bodyLimit: MAX_JSON_BYTES,
    api: true,
  }),
  route<LakeRoute>('*', `/v${VERSION}/assets/:kind(images|files)/:dataset`, {
    answer: async (request, params) => {
      const upload = {
        ...common(request),
        kind: params.kind as AssetKind,
        dataset: params.dataset ?? '',
      }
      send(request.res, 200, await uploadAsset(upload, request.parts.lake))
    },
    bodyLimit: MAX_UPLOAD_BYTES,
    api: true,
  }),
  dataRoute('query', answerQuery),
  dataRoute('doc', answerDocuments),
  dataRoute('listen', listenForChanges),
  dataRoute('history', answerDocumentHistory),
  dataRoute('mutate', mutate),
  dataRoute('actions', act),
  route<LakeRoute>('*', `/v${VERSION}/*`, {
    answer: ({req, res, url, method, authenticated, body, parts}, params) => {
      const origin = req.headers.origin
      return parts.studioApi.handle({
        res,
        method,
        path: `/${params[0] ?? ''}`,
        search: url.searchParams,
        authenticated,
        token: parts.token,
        body,
        originAllowed: origin === undefined || parts.cors.allows(origin),
      })
    },
    bodyLimit: MAX_JSON_BYTES,
    api: true,
  }),
]
/** What any endpoint of Sanity's API takes; anything else (PROPFIND, TRACE, …) is 405 everywhere. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

type Parts = {lake: Lake; cors: CorsOrigins; studioApi: StudioApi; token: string}

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
  const log = new TransactionLog(store.dataDir)
  const cors = new CorsOrigins(options.corsOrigins ?? [])
  const shared = {store, log, listeners, liveEvents, queries, projectId: LAKE_PROJECT_ID}
  const transactions = new Transactions({
    ...shared,
    author: LOCAL_EDITOR.id,
    webhooks: options.webhooks ?? [],
  })
  const lake: Lake = {...shared, transactions, publicUrl: ''}
  const parts: Parts = {lake, cors, studioApi: new StudioApi(), token: options.token}
  const presence = new Presence({
    token: options.token,
    userId: LOCAL_EDITOR.id,
    admitsOrigin: (origin) => cors.allows(origin),
  })
  const answer = (req: LakeIncoming, res: LakeResponse) => {
    handle(req, res, parts).catch((error: unknown) => {
      const lakeError = error instanceof LakeError ? error : internalError(error)
      send(res, lakeError.status, lakeError.body, lakeError.headers)
    })
  }
  const server = createServer(answer)
  const secureServer = options.tls
    ? createSecureServer({key: options.tls.key, cert: options.tls.cert, allowHTTP1: true}, answer)
    : undefined
  for (const each of [server, secureServer])
    each?.on('upgrade', (req, socket, head) => presence.upgrade(req, socket, head))
  // TLS connections (HTTP/2 sessions and HTTP/1.1 alike), so closing the lake does not wait for them to idle out.
  const secureSockets = new Set<Socket>()
  secureServer?.on('secureConnection', (socket: Socket) => {
    secureSockets.add(socket)
    socket.once('close', () => secureSockets.delete(socket))
  })
  const stopParts = async () => {
    await queries.close()
    await store.release()
  }
  try {
    lake.publicUrl = `http://${host}:${await listen(server, options.port ?? 4444, host)}`
  } catch (error) {
    await stopParts()
    throw error
  }
  let securePort: number | undefined
  if (secureServer) {
    try {
      securePort = await listen(secureServer, options.tls?.securePort ?? 4443, host)
    } catch (error) {
      server.close()
      await stopParts()
      throw error
    }
  }
  return {
    url: lake.publicUrl,
    port: (server.address() as AddressInfo).port,
    secureUrl: securePort === undefined ? undefined : `https://localhost:${securePort}`,
    close: async () => {
      listeners.closeAll()
      liveEvents.closeAll()
      presence.closeAll()
      server.closeAllConnections()
      for (const socket of secureSockets) socket.destroy()
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        secureServer ? new Promise((resolve) => secureServer.close(resolve)) : undefined,
      ])
      await stopParts()
    },
  }
}

async function handle(req: LakeIncoming, res: LakeResponse, parts: Parts) {
  const url = new URL(req.url ?? '/', 'http://lake')
  if (!parts.cors.admit(req, res, url.pathname)) return
  const method = req.method ?? 'GET'
  if (!KNOWN_METHODS.includes(method)) throw methodNotAllowed(method, KNOWN_METHODS)
  const matched = matchRoute(ROUTES, method, url.pathname)
  const bearer = bearerOf(req)
  const upload = matched.found && matched.handler.bodyLimit === MAX_UPLOAD_BYTES
  // Every body is read (within its limit) before anything is answered: see requestBody.ts. Only a writer's
  // upload is kept at upload size; anyone else's is read and dropped before the 401.
  const body = await readBody(req, matched.found ? matched.handler.bodyLimit : MAX_JSON_BYTES, {
    keep: !upload || bearer === parts.token,
  })
  if (!matched.found) throw routeNotFound(url.pathname)
  if (matched.handler.api && bearer !== undefined && bearer !== parts.token)
    throw unauthorized('Session not found')
  const request = {req, res, url, method, parts, authenticated: bearer !== undefined, body}
  return matched.handler.answer(request, matched.params)
}

/** The request's bearer token; '' for an Authorization header of another kind, undefined without one. */
function bearerOf(req: LakeIncoming) {
  const header = req.headers.authorization
  return header === undefined ? undefined : (/^Bearer (.+)$/.exec(header)?.[1] ?? '')
}

function internalError(error: unknown) {
  console.error('content lake:', error)
  const message = 'Internal error in the embedded Content Lake'
  return new LakeError(500, {statusCode: 500, error: 'Internal Server Error', message}, message)
}
