// The embedded Content Lake's HTTP API: the part of Sanity's that @sanity/client and Sanity Studio use.
// For development and tests only; production reads Sanity's Content Lake through the same client.
// It answers on two ports: plain HTTP for this project's own code, and HTTP/2 over TLS for the Studio,
// whose six event streams would take all of a browser's HTTP/1.1 connections to one host.
import {createServer} from 'node:http'
import {createSecureServer} from 'node:http2'
import type {AddressInfo, Server, Socket} from 'node:net'
import {CorsOrigins} from './cors.ts'
import {answerData, openLiveEvents, serveAsset, uploadAsset, type Lake} from './dataApi.ts'
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
import {LakeStore} from './store.ts'
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
}

export type ContentLake = {
  url: string
  port: number
  /** The HTTP/2 address for the Studio, when the lake was given a certificate. */
  secureUrl: string | undefined
  close: () => Promise<void>
}

/** The project id the lake answers as; the Studio calls it at `<projectId>.localhost`. */
export const LAKE_PROJECT_ID = 'embedded'

const VERSIONED_PATH = /^\/v(1|\d{4}-\d{2}-\d{2}|X)(\/.*)$/
const DATA_PATH = /^\/data\/(query|doc|mutate|actions|listen|history)\/([^/]+)(?:\/(.+))?$/
const LIVE_PATH = /^\/data\/live\/events\/([^/]+)$/
const UPLOAD_PATH = /^\/assets\/(images|files)\/([^/]+)$/
const ASSET_PATH = /^\/(images|files)\/[^/]+\/([^/]+)\/([^/]+)$/
/** What any endpoint of Sanity's API takes; anything else (PROPFIND, TRACE, …) is 405 everywhere. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

type Parts = {lake: Lake; cors: CorsOrigins; studioApi: StudioApi; token: string}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const store = await LakeStore.open(options.dataDir)
  const host = options.host ?? '127.0.0.1'
  const queries = new QueryPool(options.queryBudgetMs)
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

async function listen(server: Server, port: number, host: string) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return (server.address() as AddressInfo).port
}

async function handle(req: LakeIncoming, res: LakeResponse, {lake, cors, studioApi, token}: Parts) {
  const url = new URL(req.url ?? '/', 'http://lake')
  if (!cors.admit(req, res, url.pathname)) return
  const method = req.method ?? 'GET'
  if (!KNOWN_METHODS.includes(method)) throw methodNotAllowed(method, KNOWN_METHODS)
  const [, apiVersion, path] = VERSIONED_PATH.exec(url.pathname) ?? []
  const upload = path ? UPLOAD_PATH.exec(path) : null
  const bearer = bearerOf(req)
  // Every body is read (within its limit) before anything is answered: see requestBody.ts. Only a writer's
  // upload is kept at upload size; anyone else's is read and dropped before the 401.
  const body = await readBody(req, upload ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES, {
    keep: !upload || bearer === token,
  })
  if (url.pathname === '/v1/ping') return send(res, 200, 'PONG')
  const asset = ASSET_PATH.exec(url.pathname)
  if (asset) return serveAsset(res, method, lake, asset[2] ?? '', asset[3] ?? '')
  if (!apiVersion || !path) throw routeNotFound(url.pathname)
  if (bearer !== undefined && bearer !== token) throw unauthorized('Session not found')
  const authenticated = bearer !== undefined
  const origin = req.headers.origin
  const contentType = req.headers['content-type']
  const common = {method, search: url.searchParams, authenticated, body, contentType}
  const live = LIVE_PATH.exec(path)
  if (live) return openLiveEvents(lake, res, {...common, dataset: live[1] ?? ''})
  if (upload)
    return send(
      res,
      200,
      await uploadAsset({...common, kind: upload[1] as AssetKind, dataset: upload[2] ?? ''}, lake),
    )
  const [, endpoint, dataset, rest] = DATA_PATH.exec(path) ?? []
  if (endpoint && dataset)
    return answerData({...common, apiVersion, endpoint, dataset, rest}, res, lake)
  const originAllowed = origin === undefined || cors.allows(origin)
  return studioApi.handle({
    res,
    method,
    path,
    search: url.searchParams,
    authenticated,
    token,
    body,
    originAllowed,
  })
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
