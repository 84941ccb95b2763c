// The embedded Content Lake's HTTP API: the part of Sanity's that @sanity/client uses here.
// For development and tests only; production reads Sanity's Content Lake through the same client.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {isPrivateId} from './documents.ts'
import {badRequest, LakeError, notFound, unauthorized} from './errors.ts'
import {actionsToMutations} from './actions.ts'
import {applyTransaction, parseMutations} from './mutate.ts'
import {documentsInPerspective, parsePerspective} from './perspective.ts'
import {paramsFromSearch, runQuery} from './query.ts'
import {contentSourceMap} from './sourceMap.ts'
import {Listeners} from './listeners.ts'
import {LakeStore} from './store.ts'
import {sendWebhooks, type WebhookConfig} from './webhooks.ts'

export type ContentLakeOptions = {
  /** Folder holding one `<dataset>.ndjson` per dataset. */
  dataDir: string
  /** The token that may read drafts and write; requests with any other bearer are refused. */
  token: string
  port?: number
  host?: string
  /** GROQ-powered webhooks to send when published documents change; read on every write. */
  webhooks?: readonly WebhookConfig[]
}

export type ContentLake = {url: string; port: number; close: () => Promise<void>}

const MAX_BODY_BYTES = 8 * 1024 * 1024
const API_PATH = /^\/v(1|\d{4}-\d{2}-\d{2}|X)\/data\/(query|doc|mutate|actions|listen)\/([^/]+)(?:\/(.+))?$/

type Request = {
  method: string
  apiVersion: string
  endpoint: string
  dataset: string
  rest: string | undefined
  search: URLSearchParams
  authenticated: boolean
  body: unknown
}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const store = new LakeStore(options.dataDir)
  const listeners = new Listeners()
  const server = createServer((req, res) => {
    handle(req, res, store, options, listeners).catch((error: unknown) => {
      const lakeError = error instanceof LakeError ? error : internalError(error)
      send(res, lakeError.status, lakeError.body)
    })
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 4444, options.host ?? '127.0.0.1', resolve)
    })
  } catch (error) {
    store.release()
    throw error
  }
  const {port} = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        listeners.closeAll()
        server.closeAllConnections()
        server.close(() => {
          store.release()
          resolve()
        })
      }),
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  store: LakeStore,
  options: ContentLakeOptions,
  listeners: Listeners,
) {
  allowCrossOrigin(req, res)
  if (req.method === 'OPTIONS') return send(res, 204)
  const url = new URL(req.url ?? '/', 'http://lake')
  if (url.pathname === '/v1/ping') return send(res, 200, 'PONG')
  const [, apiVersion, endpoint, dataset, rest] = API_PATH.exec(url.pathname) ?? []
  if (!apiVersion || !endpoint || !dataset) {
    throw new LakeError(404, {statusCode: 404, error: 'Not Found', message: 'Not found'}, 'Not found')
  }
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)

  const request: Request = {
    method: req.method ?? 'GET',
    apiVersion,
    endpoint,
    dataset,
    rest,
    search: url.searchParams,
    authenticated: isAuthenticated(req, options.token),
    body: req.method === 'POST' ? await readJson(req) : undefined,
  }
  if (endpoint === 'query') return send(res, 200, await query(request, store))
  if (endpoint === 'doc') return send(res, 200, getDocuments(request, store))
  if (endpoint === 'listen') return listen(request, res, listeners)
  return send(res, 200, await mutate(request, store, options.webhooks ?? [], listeners))
}


async function query(request: Request, store: LakeStore) {
  const started = performance.now()
  const fromBody = (request.body ?? {}) as {query?: unknown; params?: unknown}
  const text = request.method === 'POST' ? fromBody.query : request.search.get('query')
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('A query is required', 'httpBadRequest')
  const params =
    request.method === 'POST' && typeof fromBody.params === 'object' && fromBody.params !== null
      ? (fromBody.params as Record<string, unknown>)
      : paramsFromSearch(request.search)
  const perspective = parsePerspective(request.search.get('perspective'), request.apiVersion)
  const documents = documentsInPerspective(store.documents(request.dataset).values(), perspective, request.authenticated)
  const result = await runQuery(text, params, documents)
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

/** Mutations, or actions turned into mutations: one transaction, commit, revision and webhooks for both. */
function listen(request: Request, res: ServerResponse, listeners: Listeners) {
  const query = request.search.get('query')
  if (!query) throw badRequest('A query is required to listen', 'httpBadRequest')
  const params = paramsFromSearch(request.search)
  listeners.open(
    {dataset: request.dataset, query, params, authenticated: request.authenticated, includeResult: request.search.get('includeResult') !== 'false'},
    res,
  )
}

async function mutate(request: Request, store: LakeStore, webhooks: readonly WebhookConfig[], listeners: Listeners) {
  if (request.method !== 'POST') throw methodNotAllowed(request.method)
  if (!request.authenticated) throw unauthorized('Mutations need a token with write access')
  const documents = store.documents(request.dataset)
  const mutations =
    request.endpoint === 'actions'
      ? actionsToMutations(request.body, (id) => documents.get(id))
      : parseMutations(request.body)
  const requestedId = (request.body as {transactionId?: unknown}).transactionId
  const transaction = await applyTransaction(
    store.documents(request.dataset),
    mutations,
    typeof requestedId === 'string' && requestedId !== '' ? requestedId : undefined,
  )
  if (request.search.get('dryRun') !== 'true') {
    const before = store.documents(request.dataset)
    const changes = [...transaction.changes].map(([id, after]) => ({id, before: before.get(id) ?? null, after}))
    store.commit(request.dataset, transaction.changes)
    void listeners.publish(request.dataset, transaction.transactionId, changes)
    if (webhooks.length > 0) {
      void sendWebhooks(webhooks, {projectId: 'embedded', dataset: request.dataset, transactionId: transaction.transactionId, changes})
    }
  }
  const withDocuments = request.search.get('returnDocuments') === 'true'
  return {
    transactionId: transaction.transactionId,
    results: transaction.results.map(({id, operation, document}) =>
      withDocuments && document ? {id, operation, document} : {id, operation},
    ),
  }
}

function isAuthenticated(req: IncomingMessage, token: string) {
  const header = req.headers.authorization
  if (header === undefined) return false
  const bearer = /^Bearer (.+)$/.exec(header)?.[1]
  if (bearer !== token) throw unauthorized('Session not found')
  return true
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) {
      throw new LakeError(413, {error: {description: 'Request body too large', type: 'httpPayloadTooLarge'}}, 'Too large')
    }
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON', 'httpBadRequest')
  }
}

function allowCrossOrigin(req: IncomingMessage, res: ServerResponse) {
  const origin = req.headers.origin
  if (!origin) return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Sanity-Project-Id')
  res.setHeader('Vary', 'Origin')
}

const methodNotAllowed = (method: string) =>
  new LakeError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed here`}, method)

function internalError(error: unknown) {
  console.error('content lake:', error)
  const message = 'Internal error in the embedded Content Lake'
  return new LakeError(500, {statusCode: 500, error: 'Internal Server Error', message}, message)
}

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status).end()
    return
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8'})
  res.end(text)
}
