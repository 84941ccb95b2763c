// The data endpoints under `/v<version>/data/…` and live events: what @sanity/client and the Studio read and
// write. Writes go through the one write path (transactions.ts); queries through the query workers.
import {send} from '@quantedge/server-kit/send'
import {actionsToMutations} from '../actions/actions.ts'
import {DRAFTS_PREFIX, isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {badRequest, notFound, unauthorized} from '../documents/errors.ts'
import type {LakeRequest} from './lakeRequest.ts'
import {parseMutations} from '../writes/mutate.ts'
import {mutationGuard} from '../releases/releaseLocks.ts'
import {archivedVersionsOf} from '../releases/releaseHistory.ts'
import {isReleaseDocument, releaseDocumentId, versionParts} from '../documents/releaseDocuments.ts'
import {parsePerspective, PUBLISHED_BY_DEFAULT_FROM} from '../queries/perspective.ts'
import {paramsFromSearch} from '../queries/query.ts'
import {parseJsonBody} from './requestBody.ts'
import {rewriteTextSearch} from '../queries/search.ts'
import {LakeStore} from '../store/store.ts'
import type {WriteRequest} from '../writes/transactions.ts'

/** The request's dataset, when its name is one Sanity allows (404 otherwise, as Sanity's). */
export function datasetOf({params}: LakeRequest): string {
  const dataset = params.dataset ?? ''
  if (!LakeStore.isValidDatasetName(dataset)) throw notFound(`Dataset "${dataset}" not found`)
  return dataset
}

/** `GET|POST /data/query/<dataset>`. */
export async function answerQuery(request: LakeRequest) {
  const {lake, method, search} = request
  const dataset = datasetOf(request)
  const started = performance.now()
  const fromBody =
    method === 'POST'
      ? ((parseJsonBody(request.body) ?? {}) as {query?: unknown; params?: unknown})
      : {}
  const text = method === 'POST' ? fromBody.query : search.get('query')
  if (typeof text !== 'string' || text.trim() === '')
    throw badRequest('A query is required', 'httpBadRequest')
  const params =
    method === 'POST' && typeof fromBody.params === 'object' && fromBody.params !== null
      ? (fromBody.params as Record<string, unknown>)
      : paramsFromSearch(search)
  const perspective = parsePerspective(search.get('perspective'), request.params.version ?? '')
  const documents = lake.store.documents(dataset)
  const unknown =
    perspective === 'raw'
      ? undefined
      : perspective.find(
          (layer) =>
            layer !== 'drafts' && !isReleaseDocument(documents.get(releaseDocumentId(layer))),
        )
  if (unknown !== undefined)
    throw badRequest(`Invalid perspective "${unknown}": no release is named "${unknown}"`)
  const textSearch = rewriteTextSearch(text)
  const answer = await lake.queries.run({
    query: textSearch.query,
    params,
    source: {dataset, perspective, authenticated: request.authenticated},
    searchable: textSearch.readsWholeDocument,
    sourceMap: search.has('resultSourceMap') && search.get('resultSourceMap') !== 'false',
  })
  // The worker's JSON (`{"result": …, "syncTags": […]}`) goes out as it is, with the query and timing added in
  // front: the lake's thread never parses or serializes a result. Sanity sends `syncTags` with every query answer
  // (https://www.sanity.io/docs/live-api-reference, "Sync Tags"); @sanity/client hands them over only with
  // `filterResponse: false`.
  const ms = Math.round(performance.now() - started)
  send(request.res, 200, `{"query":${JSON.stringify(text)},"ms":${ms},${answer.slice(1)}`, {
    'Content-Type': 'application/json; charset=utf-8',
  })
}

/**
 * `GET /data/doc/<dataset>/<id>[,<id>]`; with `includeAllVersions=true` each id's every stored form (published,
 * draft and release versions), as @sanity/client 8's `getDocument(id, {includeAllVersions: true})` reads it
 * (src/data/dataMethods.ts `_getDocumentOptions`, `_mapGetDocument`).
 */
export function answerDocuments(request: LakeRequest) {
  const stored = request.lake.store.documents(datasetOf(request))
  const ids = (request.params[0] ?? '').split(',').filter(Boolean)
  if (ids.length === 0)
    throw badRequest('Give one or more document ids: /data/doc/<dataset>/<id>[,<id>]')
  const allVersions = request.search.get('includeAllVersions') === 'true'
  const documents = []
  const omitted = []
  for (const id of ids) {
    const forms = allVersions
      ? allFormsOf(stored, id)
      : [stored.get(id)].filter((doc) => doc !== undefined)
    const readable = forms.filter((doc) => request.authenticated || !isPrivateId(doc._id))
    if (forms.length === 0) omitted.push({id, reason: 'existence'})
    else if (readable.length === 0) omitted.push({id, reason: 'permission'})
    else documents.push(...readable)
  }
  send(request.res, 200, {documents, omitted})
}

function allFormsOf(stored: ReadonlyMap<string, StoredDocument>, id: string) {
  return [...stored.values()].filter(
    (doc) =>
      doc._id === id ||
      doc._id === `${DRAFTS_PREFIX}${id}` ||
      versionParts(doc._id)?.documentId === id,
  )
}

/** `GET /data/listen/<dataset>`: server-sent events (listeners.ts). */
export function listenForChanges(request: LakeRequest) {
  const {search} = request
  const dataset = datasetOf(request)
  const query = search.get('query')
  if (!query) throw badRequest('A query is required to listen', 'httpBadRequest')
  request.lake.listeners.open(
    {
      dataset,
      query,
      params: paramsFromSearch(search),
      authenticated: request.authenticated,
      includeResult: search.get('includeResult') !== 'false',
      visibility: search.get('visibility') === 'query' ? 'query' : 'transaction',
      // From API version 2025-02-19 a listener hears of release versions only with `includeAllVersions=true`
      // (@sanity/client 8 src/types.ts `ListenOptions.includeAllVersions`).
      includeVersions:
        search.get('includeAllVersions') === 'true' ||
        (request.params.version ?? '') < PUBLISHED_BY_DEFAULT_FROM,
    },
    request.res,
  )
}

/**
 * `POST /data/mutate/<dataset>`: the mutations as sent, except what they may not touch: release documents, and the
 * documents of a release that is not active (releaseLocks.ts).
 */
export const mutate = (request: LakeRequest) =>
  write(
    request,
    (body) => {
      const mutations = parseMutations(body)
      return () => mutations
    },
    mutationGuard,
  )

/** `POST /data/actions/<dataset>`: actions, turned into mutations in the transaction's turn, against the documents then. */
export const act = (request: LakeRequest) =>
  write(request, (body) => (documents) => {
    const dataset = datasetOf(request)
    return actionsToMutations(body, {
      documents,
      now: new Date(request.lake.clock.now()),
      archivedVersions: (releaseId) =>
        archivedVersionsOf(request.lake.log.transactions(dataset), releaseId),
    })
  })

/** One commit path for mutations and actions: `mutationsOf` reads the body (and may refuse it) first. */
async function write(
  request: LakeRequest,
  mutationsOf: (body: unknown) => WriteRequest['mutations'],
  guard?: WriteRequest['guard'],
) {
  const {lake, search} = request
  const dataset = datasetOf(request)
  if (!request.authenticated) throw unauthorized('Mutations need a token with write access')
  const body = parseJsonBody(request.body)
  const mutations = mutationsOf(body)
  const {transactionId: requestedId, dryRun} =
    (body as {transactionId?: unknown; dryRun?: unknown} | undefined) ?? {}
  const transaction = await lake.transactions.commit(dataset, {
    mutations,
    ...(guard ? {guard} : {}),
    transactionId: typeof requestedId === 'string' && requestedId !== '' ? requestedId : undefined,
    // The mutate API takes `dryRun` in the query string, the Actions API in the body (@sanity/client 8
    // src/data/dataMethods.ts `_action`).
    dryRun: search.get('dryRun') === 'true' || dryRun === true,
  })
  const withDocuments = search.get('returnDocuments') === 'true'
  send(request.res, 200, {
    transactionId: transaction.transactionId,
    results: transaction.results.map(({id, operation, document}) =>
      withDocuments && document ? {id, operation, document} : {id, operation},
    ),
  })
}

/** `GET /data/live/events/<dataset>`: the Live Content API (liveEvents.ts). */
export function openLiveEvents(request: LakeRequest) {
  const dataset = datasetOf(request)
  const includeDrafts = request.search.get('includeDrafts') === 'true'
  if (includeDrafts && !request.authenticated)
    throw unauthorized('Live events with drafts need a token')
  request.lake.liveEvents.open(dataset, includeDrafts, request.res)
}
