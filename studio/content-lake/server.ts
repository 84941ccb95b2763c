// The embedded Content Lake's HTTP API: the part of Sanity's that @sanity/client and Sanity Studio use.
// For development and tests only; production reads Sanity's Content Lake through the same client.
// It answers on two ports: plain HTTP for this project's own code, and HTTP/2 over TLS for the Studio,
// whose six event streams would take all of a browser's HTTP/1.1 connections to one host.
import {createServer} from 'node:http'
import {createSecureServer} from 'node:http2'
import type {AddressInfo, Server, Socket} from 'node:net'
import {isPrivateId} from './documents.ts'
import {badRequest, LakeError, notFound, unauthorized} from './errors.ts'
import {actionsToMutations} from './actions.ts'
import {readStoredAsset, storeUpload, type AssetKind} from './assets.ts'
import {documentEffects} from './effects.ts'
import {answerHistory} from './history.ts'
import {
  allowCrossOrigin,
  methodNotAllowed,
  readBody,
  readJson,
  routeNotFound,
  send,
  type LakeIncoming,
  type LakeResponse,
} from './http.ts'
import {applyTransaction, parseMutations, type MutationInput} from './mutate.ts'
import {documentsInPerspective, parsePerspective} from './perspective.ts'
import {paramsFromSearch, runQuery} from './query.ts'
import {rewriteTextSearch, withSearchableText} from './search.ts'
import {contentSourceMap} from './sourceMap.ts'
import {Listeners} from './listeners.ts'
import {LiveEvents} from './liveEvents.ts'
import {Presence} from './presence.ts'
import {LakeStore} from './store.ts'
import {LOCAL_EDITOR, StudioApi} from './studioApi.ts'
import {TransactionLog, type LoggedTransaction} from './transactionLog.ts'
import {sendWebhooks, type WebhookConfig} from './webhooks.ts'

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

type Request = {
  req: LakeIncoming
  method: string
  apiVersion: string
  endpoint: string
  dataset: string
  rest: string | undefined
  search: URLSearchParams
  authenticated: boolean
}

type Lake = {
  store: LakeStore
  log: TransactionLog
  listeners: Listeners
  liveEvents: LiveEvents
  presence: Presence
  studioApi: StudioApi
  options: ContentLakeOptions
  /** The plain HTTP address, which asset URLs use so pages and builds can fetch them. */
  publicUrl: string
}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const store = new LakeStore(options.dataDir)
  const host = options.host ?? '127.0.0.1'
  const lake: Lake = {
    store,
    log: new TransactionLog(store.dataDir),
    listeners: new Listeners(),
    liveEvents: new LiveEvents(),
    presence: new Presence(options.token, LOCAL_EDITOR.id),
    studioApi: new StudioApi(),
    options,
    publicUrl: '',
  }
  const answer = (req: LakeIncoming, res: LakeResponse) => {
    handle(req, res, lake).catch((error: unknown) => {
      const lakeError = error instanceof LakeError ? error : internalError(error)
      send(res, lakeError.status, lakeError.body)
    })
  }
  const server = createServer(answer)
  const secureServer = options.tls
    ? createSecureServer({key: options.tls.key, cert: options.tls.cert, allowHTTP1: true}, answer)
    : undefined
  for (const each of [server, secureServer]) each?.on('upgrade', (req, socket, head) => lake.presence.upgrade(req, socket, head))
  // TLS connections (HTTP/2 sessions and HTTP/1.1 alike), so closing the lake does not wait for them to idle out.
  const secureSockets = new Set<Socket>()
  secureServer?.on('secureConnection', (socket: Socket) => {
    secureSockets.add(socket)
    socket.once('close', () => secureSockets.delete(socket))
  })
  try {
    lake.publicUrl = `http://${host}:${await listen(server, options.port ?? 4444, host)}`
  } catch (error) {
    store.release()
    throw error
  }
  let securePort: number | undefined
  if (secureServer) {
    try {
      securePort = await listen(secureServer, options.tls?.securePort ?? 4443, host)
    } catch (error) {
      server.close()
      store.release()
      throw error
    }
  }
  return {
    url: lake.publicUrl,
    port: (server.address() as AddressInfo).port,
    secureUrl: securePort === undefined ? undefined : `https://localhost:${securePort}`,
    close: async () => {
      lake.listeners.closeAll()
      lake.liveEvents.closeAll()
      lake.presence.closeAll()
      server.closeAllConnections()
      for (const socket of secureSockets) socket.destroy()
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        secureServer ? new Promise((resolve) => secureServer.close(resolve)) : undefined,
      ])
      store.release()
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

async function handle(req: LakeIncoming, res: LakeResponse, lake: Lake) {
  allowCrossOrigin(req, res)
  if (req.method === 'OPTIONS') return send(res, 204)
  const url = new URL(req.url ?? '/', 'http://lake')
  if (url.pathname === '/v1/ping') return send(res, 200, 'PONG')
  const asset = ASSET_PATH.exec(url.pathname)
  if (asset) return serveAsset(res, lake, asset[2] ?? '', asset[3] ?? '')
  const [, apiVersion, path] = VERSIONED_PATH.exec(url.pathname) ?? []
  if (!apiVersion || !path) throw routeNotFound(url.pathname)
  const method = req.method ?? 'GET'
  const authenticated = isAuthenticated(req, lake.options.token)

  const live = LIVE_PATH.exec(path)
  if (live) return openLiveEvents(lake, res, live[1] ?? '', url.searchParams.get('includeDrafts') === 'true', authenticated)
  const upload = UPLOAD_PATH.exec(path)
  if (upload) return send(res, 200, await uploadAsset(req, lake, upload[1] as AssetKind, upload[2] ?? '', url.searchParams, authenticated))
  const [, endpoint, dataset, rest] = DATA_PATH.exec(path) ?? []
  if (!endpoint || !dataset) {
    return lake.studioApi.handle({req, res, method, path, search: url.searchParams, authenticated, token: lake.options.token})
  }
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)
  const request: Request = {req, method, apiVersion, endpoint, dataset, rest, search: url.searchParams, authenticated}
  if (endpoint === 'query') return send(res, 200, await query(request, lake.store))
  if (endpoint === 'doc') return send(res, 200, getDocuments(request, lake.store))
  if (endpoint === 'listen') return listenForChanges(request, res, lake.listeners)
  if (endpoint === 'history') {
    if (!authenticated) throw unauthorized('History needs a token')
    if (method !== 'GET') throw methodNotAllowed(method)
    const source = {transactions: lake.log.transactions(dataset), documents: lake.store.documents(dataset)}
    return answerHistory(res, rest ?? '', url.searchParams, source)
  }
  return send(res, 200, await mutate(request, lake))
}

async function query(request: Request, store: LakeStore) {
  const started = performance.now()
  const fromBody = (request.method === 'POST' ? ((await readJson(request.req)) ?? {}) : {}) as {query?: unknown; params?: unknown}
  const text = request.method === 'POST' ? fromBody.query : request.search.get('query')
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('A query is required', 'httpBadRequest')
  const params =
    request.method === 'POST' && typeof fromBody.params === 'object' && fromBody.params !== null
      ? (fromBody.params as Record<string, unknown>)
      : paramsFromSearch(request.search)
  const perspective = parsePerspective(request.search.get('perspective'), request.apiVersion)
  const documents = documentsInPerspective(store.documents(request.dataset).values(), perspective, request.authenticated)
  const search = rewriteTextSearch(text)
  const result = await runQuery(search.query, params, search.readsWholeDocument ? documents.map(withSearchableText) : documents)
  const withSourceMap = request.search.has('resultSourceMap') && request.search.get('resultSourceMap') !== 'false'
  return {
    query: text,
    result,
    ...(withSourceMap ? {resultSourceMap: contentSourceMap(result, documents)} : {}),
    ms: Math.round(performance.now() - started),
  }
}

function getDocuments(request: Request, store: LakeStore) {
  if (request.method !== 'GET') throw methodNotAllowed(request.method)
  const ids = (request.rest ?? '').split(',').filter(Boolean)
  if (ids.length === 0) throw badRequest('Give one or more document ids: /data/doc/<dataset>/<id>[,<id>]')
  const stored = store.documents(request.dataset)
  const documents = []
  const omitted = []
  for (const id of ids) {
    const doc = stored.get(id)
    if (!doc) omitted.push({id, reason: 'existence'})
    else if (isPrivateId(id) && !request.authenticated) omitted.push({id, reason: 'permission'})
    else documents.push(doc)
  }
  return {documents, omitted}
}

function listenForChanges(request: Request, res: LakeResponse, listeners: Listeners) {
  const query = request.search.get('query')
  if (!query) throw badRequest('A query is required to listen', 'httpBadRequest')
  const params = paramsFromSearch(request.search)
  listeners.open(
    {dataset: request.dataset, query, params, authenticated: request.authenticated, includeResult: request.search.get('includeResult') !== 'false'},
    res,
  )
}

/** Mutations, or actions turned into mutations: one transaction, commit, revision and webhooks for both. */
async function mutate(request: Request, lake: Lake) {
  if (request.method !== 'POST') throw methodNotAllowed(request.method)
  if (!request.authenticated) throw unauthorized('Mutations need a token with write access')
  const body = await readJson(request.req)
  const documents = lake.store.documents(request.dataset)
  const mutations =
    request.endpoint === 'actions' ? actionsToMutations(body, (id) => documents.get(id)) : parseMutations(body)
  const requestedId = (body as {transactionId?: unknown}).transactionId
  const transaction = await commit(lake, request.dataset, mutations, {
    transactionId: typeof requestedId === 'string' && requestedId !== '' ? requestedId : undefined,
    dryRun: request.search.get('dryRun') === 'true',
  })
  const withDocuments = request.search.get('returnDocuments') === 'true'
  return {
    transactionId: transaction.transactionId,
    results: transaction.results.map(({id, operation, document}) =>
      withDocuments && document ? {id, operation, document} : {id, operation},
    ),
  }
}

/** Every write goes through here: applied all-or-nothing, stored, logged, then told to listeners and webhooks. */
async function commit(
  lake: Lake,
  dataset: string,
  mutations: MutationInput[],
  {transactionId, dryRun = false}: {transactionId?: string | undefined; dryRun?: boolean} = {},
) {
  const before = lake.store.documents(dataset)
  const transaction = await applyTransaction(before, mutations, transactionId)
  if (dryRun) return transaction
  const changes = [...transaction.changes].map(([id, after]) => ({id, before: before.get(id) ?? null, after}))
  lake.store.commit(dataset, transaction.changes)
  const logged: LoggedTransaction = {
    id: transaction.transactionId,
    timestamp: new Date().toISOString(),
    author: LOCAL_EDITOR.id,
    documentIDs: changes.map(({id}) => id),
    effects: Object.fromEntries(changes.map((change) => [change.id, documentEffects(change.before, change.after)])),
    documents: Object.fromEntries(transaction.changes),
  }
  lake.log.append(dataset, logged)
  void lake.listeners.publish(dataset, logged, changes)
  lake.liveEvents.changed(dataset, changes.map(({id}) => id))
  const webhooks = lake.options.webhooks ?? []
  if (webhooks.length > 0) {
    void sendWebhooks(webhooks, {projectId: LAKE_PROJECT_ID, dataset, transactionId: transaction.transactionId, changes})
  }
  return transaction
}

function openLiveEvents(lake: Lake, res: LakeResponse, dataset: string, includeDrafts: boolean, authenticated: boolean) {
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)
  if (includeDrafts && !authenticated) throw unauthorized('Live events with drafts need a token')
  lake.liveEvents.open(dataset, includeDrafts, res)
}

async function uploadAsset(
  req: LakeIncoming,
  lake: Lake,
  kind: AssetKind,
  dataset: string,
  search: URLSearchParams,
  authenticated: boolean,
) {
  if (req.method !== 'POST') throw methodNotAllowed(req.method ?? 'GET')
  if (!authenticated) throw unauthorized('Uploads need a token with write access')
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)
  const mutation = storeUpload(lake.store.dataDir, {
    kind,
    dataset,
    projectId: LAKE_PROJECT_ID,
    bytes: await readBody(req),
    search,
    contentType: req.headers['content-type'],
    publicBase: lake.publicUrl,
  })
  const transaction = await commit(lake, dataset, [mutation])
  const id = 'createIfNotExists' in mutation ? mutation.createIfNotExists._id : undefined
  return {document: transaction.changes.get(id ?? '') ?? lake.store.documents(dataset).get(id ?? '')}
}

function serveAsset(res: LakeResponse, lake: Lake, dataset: string, name: string) {
  const {bytes, contentType} = readStoredAsset(lake.store.dataDir, dataset, name)
  send(res, 200, bytes, {'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable'})
}

function isAuthenticated(req: LakeIncoming, token: string) {
  const header = req.headers.authorization
  if (header === undefined) return false
  const bearer = /^Bearer (.+)$/.exec(header)?.[1]
  if (bearer !== token) throw unauthorized('Session not found')
  return true
}

function internalError(error: unknown) {
  console.error('content lake:', error)
  const message = 'Internal error in the embedded Content Lake'
  return new LakeError(500, {statusCode: 500, error: 'Internal Server Error', message}, message)
}
