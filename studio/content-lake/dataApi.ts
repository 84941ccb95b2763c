// The data endpoints under `/v<version>/data/…`, live events and uploads: what @sanity/client and the Studio
// read and write. Writes go through the one write path (transactions.ts); queries through the query workers.
import {actionsToMutations} from './actions.ts'
import {readStoredAsset, storeUpload, type AssetKind} from './assets.ts'
import {isPrivateId} from './documents.ts'
import {badRequest, notFound, unauthorized} from './errors.ts'
import {answerHistory} from './history.ts'
import {allowMethods, send, type LakeResponse} from './http.ts'
import type {Listeners} from './listeners.ts'
import type {LiveEvents} from './liveEvents.ts'
import {parseMutations} from './mutate.ts'
import {parsePerspective} from './perspective.ts'
import {paramsFromSearch} from './query.ts'
import type {QueryPool} from './queryPool.ts'
import {parseJsonBody} from './requestBody.ts'
import {rewriteTextSearch} from './search.ts'
import {LakeStore} from './store.ts'
import type {TransactionLog} from './transactionLog.ts'
import type {Transactions, WriteRequest} from './transactions.ts'

export type Lake = {
  store: LakeStore
  log: TransactionLog
  listeners: Listeners
  liveEvents: LiveEvents
  queries: QueryPool
  transactions: Transactions
  projectId: string
  /** The plain HTTP address, which asset URLs use so pages and builds can fetch them. */
  publicUrl: string
}

/** A request to one data endpoint, `/v<version>/data/<endpoint>/<dataset>[/<rest>]`. */
export type DataRequest = {
  method: string
  apiVersion: string
  dataset: string
  rest: string | undefined
  search: URLSearchParams
  authenticated: boolean
  body: Buffer
  contentType: string | undefined
}

/** How a data endpoint answers; the route table (server.ts) names one per endpoint. */
export type DataEndpoint = (request: DataRequest, res: LakeResponse, lake: Lake) => unknown

/** The endpoint, answering only for a dataset name Sanity allows (404 otherwise, as Sanity's). */
export const forDataset =
  (endpoint: DataEndpoint): DataEndpoint =>
  (request, res, lake) => {
    if (!LakeStore.isValidDatasetName(request.dataset))
      throw notFound(`Dataset "${request.dataset}" not found`)
    return endpoint(request, res, lake)
  }

export async function answerQuery(request: DataRequest, res: LakeResponse, lake: Lake) {
  allowMethods(request.method, ['GET', 'HEAD', 'POST'])
  const started = performance.now()
  const fromBody =
    request.method === 'POST'
      ? ((parseJsonBody(request.body) ?? {}) as {query?: unknown; params?: unknown})
      : {}
  const text = request.method === 'POST' ? fromBody.query : request.search.get('query')
  if (typeof text !== 'string' || text.trim() === '')
    throw badRequest('A query is required', 'httpBadRequest')
  const params =
    request.method === 'POST' && typeof fromBody.params === 'object' && fromBody.params !== null
      ? (fromBody.params as Record<string, unknown>)
      : paramsFromSearch(request.search)
  const perspective = parsePerspective(request.search.get('perspective'), request.apiVersion)
  const search = rewriteTextSearch(text)
  const answer = await lake.queries.run({
    query: search.query,
    params,
    source: {dataset: request.dataset, perspective, authenticated: request.authenticated},
    searchable: search.readsWholeDocument,
    sourceMap:
      request.search.has('resultSourceMap') && request.search.get('resultSourceMap') !== 'false',
  })
  // The worker's JSON (`{"result": …, "syncTags": […]}`) goes out as it is, with the query and timing added in
  // front: the lake's thread never parses or serializes a result. Sanity sends `syncTags` with every query answer
  // (https://www.sanity.io/docs/live-api-reference, "Sync Tags"); @sanity/client hands them over only with
  // `filterResponse: false`.
  const ms = Math.round(performance.now() - started)
  send(res, 200, `{"query":${JSON.stringify(text)},"ms":${ms},${answer.slice(1)}`, {
    'Content-Type': 'application/json; charset=utf-8',
  })
}

export function answerDocuments(request: DataRequest, res: LakeResponse, lake: Lake) {
  allowMethods(request.method, ['GET', 'HEAD'])
  send(res, 200, getDocuments(request, lake.store))
}

function getDocuments(request: DataRequest, store: LakeStore) {
  const ids = (request.rest ?? '').split(',').filter(Boolean)
  if (ids.length === 0)
    throw badRequest('Give one or more document ids: /data/doc/<dataset>/<id>[,<id>]')
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

export function listenForChanges(request: DataRequest, res: LakeResponse, {listeners}: Lake) {
  allowMethods(request.method, ['GET'])
  const query = request.search.get('query')
  if (!query) throw badRequest('A query is required to listen', 'httpBadRequest')
  const params = paramsFromSearch(request.search)
  listeners.open(
    {
      dataset: request.dataset,
      query,
      params,
      authenticated: request.authenticated,
      includeResult: request.search.get('includeResult') !== 'false',
    },
    res,
  )
}

export function answerDocumentHistory(request: DataRequest, res: LakeResponse, lake: Lake) {
  allowMethods(request.method, ['GET', 'HEAD'])
  if (!request.authenticated) throw unauthorized('History needs a token')
  const source = {
    transactions: lake.log.transactions(request.dataset),
    documents: lake.store.documents(request.dataset),
  }
  return answerHistory(res, request.rest ?? '', request.search, source)
}

/** `/data/mutate`: the mutations as sent. */
export const mutate: DataEndpoint = (request, res, lake) =>
  write(request, res, lake, (body) => {
    const mutations = parseMutations(body)
    return () => mutations
  })

/** `/data/actions`: actions, turned into mutations in the transaction's turn, against the documents then. */
export const act: DataEndpoint = (request, res, lake) =>
  write(
    request,
    res,
    lake,
    (body) => (documents) => actionsToMutations(body, (id) => documents.get(id)),
  )

/** One commit path for mutations and actions: `mutationsOf` reads the body (and may refuse it) first. */
async function write(
  request: DataRequest,
  res: LakeResponse,
  lake: Lake,
  mutationsOf: (body: unknown) => WriteRequest['mutations'],
) {
  allowMethods(request.method, ['POST'])
  if (!request.authenticated) throw unauthorized('Mutations need a token with write access')
  const body = parseJsonBody(request.body)
  const mutations = mutationsOf(body)
  const requestedId = (body as {transactionId?: unknown} | undefined)?.transactionId
  const transaction = await lake.transactions.commit(request.dataset, {
    mutations,
    transactionId: typeof requestedId === 'string' && requestedId !== '' ? requestedId : undefined,
    dryRun: request.search.get('dryRun') === 'true',
  })
  const withDocuments = request.search.get('returnDocuments') === 'true'
  send(res, 200, {
    transactionId: transaction.transactionId,
    results: transaction.results.map(({id, operation, document}) =>
      withDocuments && document ? {id, operation, document} : {id, operation},
    ),
  })
}

export function openLiveEvents(
  lake: Lake,
  res: LakeResponse,
  request: {method: string; dataset: string; search: URLSearchParams; authenticated: boolean},
) {
  const {dataset, search, authenticated} = request
  allowMethods(request.method, ['GET'])
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)
  const includeDrafts = search.get('includeDrafts') === 'true'
  if (includeDrafts && !authenticated) throw unauthorized('Live events with drafts need a token')
  lake.liveEvents.open(dataset, includeDrafts, res)
}

export async function uploadAsset(
  request: Omit<DataRequest, 'rest' | 'apiVersion'> & {kind: AssetKind},
  lake: Lake,
) {
  allowMethods(request.method, ['POST'])
  if (!request.authenticated) throw unauthorized('Uploads need a token with write access')
  if (!LakeStore.isValidDatasetName(request.dataset))
    throw notFound(`Dataset "${request.dataset}" not found`)
  const mutation = storeUpload(lake.store.dataDir, {
    kind: request.kind,
    dataset: request.dataset,
    projectId: lake.projectId,
    bytes: request.body,
    search: request.search,
    contentType: request.contentType,
    publicBase: lake.publicUrl,
  })
  const id = 'createIfNotExists' in mutation ? mutation.createIfNotExists._id : undefined
  const transaction = await lake.transactions.commit(request.dataset, {mutations: () => [mutation]})
  return {
    document:
      transaction.changes.get(id ?? '') ?? lake.store.documents(request.dataset).get(id ?? ''),
  }
}

export function serveAsset(
  res: LakeResponse,
  method: string,
  lake: Lake,
  dataset: string,
  name: string,
) {
  allowMethods(method, ['GET', 'HEAD'])
  const {bytes, contentType} = readStoredAsset(lake.store.dataDir, dataset, name)
  send(res, 200, bytes, {
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
}
