// `/data/history/<dataset>/…`, from the transaction log: the transactions that touched documents (NDJSON,
// with mendoza effects), a document group's events, and documents as they were at a revision or a time.
// Documents last changed before the log began are known at their current revision only.
import {send} from '@quantedge/server-kit/send'
import {datasetOf} from './dataApi.ts'
import {
  DRAFTS_PREFIX,
  isDraftId,
  publishedIdOf,
  type StoredDocument,
} from '../documents/documents.ts'
import {badRequest, unauthorized} from '../documents/errors.ts'
import {documentGroupEvents} from '../events/historyEvents.ts'
import type {LakeRequest} from './lakeRequest.ts'
import type {LoggedTransaction} from '../store/transactionLog.ts'

export type HistorySource = {
  transactions: readonly LoggedTransaction[]
  documents: ReadonlyMap<string, StoredDocument>
}

const DEFAULT_EVENT_LIMIT = 100
const MAX_TRANSACTIONS = 1000

/** The dataset's log and documents, and the ids the path names (`kind` names the endpoint in the message). */
function historyOf(request: LakeRequest, kind: string) {
  const dataset = datasetOf(request)
  if (!request.authenticated) throw unauthorized('History needs a token')
  const ids = (request.params[0] ?? '').split(',').filter(Boolean)
  if (ids.length === 0)
    throw badRequest(`Give one or more document ids: /data/history/<dataset>/${kind}/<id>[,<id>]`)
  const {log, store} = request.lake
  const source: HistorySource = {
    transactions: log.transactions(dataset),
    documents: store.documents(dataset),
  }
  return {source, ids}
}

/** `GET /data/history/<dataset>/transactions/<ids>`: NDJSON, one transaction a line. */
export function answerTransactions(request: LakeRequest) {
  const {source, ids} = historyOf(request, 'transactions')
  const lines = transactionsOf(source.transactions, ids, request.search).map(
    (line) => `${JSON.stringify(line)}\n`,
  )
  send(request.res, 200, lines.join(''), {'Content-Type': 'application/x-ndjson'})
}

/** `GET /data/history/<dataset>/events/documents/<ids>`. */
export function answerDocumentEvents(request: LakeRequest) {
  const {source, ids} = historyOf(request, 'events')
  send(request.res, 200, eventsOf(source, ids, request.search))
}

/** `GET /data/history/<dataset>/documents/<ids>`: the documents at a revision or a time. */
export function answerDocumentsAt(request: LakeRequest) {
  const {source, ids} = historyOf(request, 'documents')
  const found = ids.flatMap((id) => documentAt(source, id, request.search) ?? [])
  send(request.res, 200, {
    documents: found.filter((doc, index) => found.findIndex(({_id}) => _id === doc._id) === index),
  })
}

/** A whole-number query parameter of at least `least`, or Sanity's 400. */
export function wholeNumber(search: URLSearchParams, name: string, fallback: number, least = 1) {
  const text = search.get(name)
  if (text === null || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < least)
    throw badRequest(`${name} must be a whole number from ${least}`)
  return value
}

function timeParam(search: URLSearchParams, name: string) {
  const text = search.get(name)
  if (text === null || text === '') return undefined
  const time = Date.parse(text)
  if (Number.isNaN(time))
    throw badRequest(`${name} must be a date and time, like 2026-11-22T10:00:00Z`)
  return time
}

/** Oldest first from `fromTransaction` (inclusive) to `toTransaction` (inclusive), or newest first with `reverse`. */
function transactionsOf(log: readonly LoggedTransaction[], ids: string[], search: URLSearchParams) {
  const limit = Math.min(wholeNumber(search, 'limit', MAX_TRANSACTIONS), MAX_TRANSACTIONS)
  const [fromTime, toTime] = [timeParam(search, 'fromTime'), timeParam(search, 'toTime')]
  const identifiedOnly = search.get('includeIdentifiedDocumentsOnly') === 'true'
  const withContent = search.get('excludeContent') !== 'true'
  let touching = log.filter((transaction) => ids.some((id) => id in transaction.effects))
  const from = touching.findIndex(({id}) => id === search.get('fromTransaction'))
  if (from >= 0) touching = touching.slice(from)
  const to = touching.findIndex(({id}) => id === search.get('toTransaction'))
  if (to >= 0) touching = touching.slice(0, to + 1)
  touching = touching.filter(({timestamp}) => {
    const time = Date.parse(timestamp)
    return (fromTime === undefined || time >= fromTime) && (toTime === undefined || time <= toTime)
  })
  if (search.get('reverse') === 'true') touching = touching.reverse()
  return touching.slice(0, limit).map(({documents, effects, ...transaction}) => {
    const shown = identifiedOnly ? ids.filter((id) => id in effects) : Object.keys(effects)
    return {
      ...transaction,
      effects: Object.fromEntries(shown.map((id) => [id, effects[id]])),
      ...(withContent
        ? {
            mutations: shown.map((id) =>
              documents[id] ? {createOrReplace: documents[id]} : {delete: {id}},
            ),
          }
        : {}),
    }
  })
}

/** Events per requested id, newest first; `nextCursor` pages on when there are more than `limit`. */
function eventsOf(source: HistorySource, ids: string[], search: URLSearchParams) {
  const limit = wholeNumber(search, 'limit', DEFAULT_EVENT_LIMIT)
  const start = wholeNumber(search, 'nextCursor', 0, 0)
  let more = false
  const events = Object.fromEntries(
    ids.map((id) => {
      const all = documentGroupEvents(
        source.transactions,
        id,
        source.documents.has(publishedIdOf(id)),
      )
      more ||= all.length > start + limit
      return [id, all.slice(start, start + limit)]
    }),
  )
  return {events, nextCursor: more ? String(start + limit) : ''}
}

/**
 * The document at `revision`, or as it was at `time`, or as it is; with `lastRevision`, a deleted document as it
 * was before it was deleted (what the Studio's "Restore most recent revision" restores).
 */
function documentAt(
  source: HistorySource,
  id: string,
  search: URLSearchParams,
): StoredDocument | undefined {
  const current = source.documents.get(id)
  const revision = search.get('revision')
  const time = timeParam(search, 'time')
  if (revision !== null) return atRevision(source, id, revision)
  const touching = source.transactions.filter((transaction) => id in transaction.documents)
  if (search.get('lastRevision') === 'true')
    return current ?? touching.flatMap(({documents}) => documents[id] ?? []).at(-1)
  if (time === undefined) return current
  const asOf = touching.filter(({timestamp}) => Date.parse(timestamp) <= time).at(-1)
  if (asOf) return asOf.documents[id] ?? undefined
  const unlogged = touching.length === 0 && current && Date.parse(current._updatedAt) <= time
  return unlogged ? current : undefined
}

/**
 * The Studio shows a draft's history with its published document's events (a document created published,
 * say) and asks for those revisions by the draft's id: a revision the document never had is looked up in
 * the other document of its pair.
 */
function atRevision(source: HistorySource, id: string, revision: string) {
  const pair = isDraftId(id) ? publishedIdOf(id) : `${DRAFTS_PREFIX}${id}`
  for (const candidate of [id, pair]) {
    const logged = source.transactions.find(
      (transaction) => transaction.id === revision && candidate in transaction.documents,
    )
    if (logged) return logged.documents[candidate] ?? undefined
    const current = source.documents.get(candidate)
    if (current?._rev === revision) return current
  }
  return undefined
}
