// The listen API (`GET /data/listen/<dataset>`): server-sent events, a welcome and then one `mutation` event
// per changed document that matches the listener's query, in the shape the Studio's live sync accepts:
// revisions chained by previousRev/resultRev, and the transaction's mendoza effects. A query that does not parse
// is refused when the listener opens (Sanity's 400 queryParseError), not left to listen for nothing. Matching runs
// in the query workers, one transaction after another, so events keep the order of their commits.
import {randomUUID} from 'node:crypto'
import type {HttpResponse} from '@quantedge/server-kit/send'
import {isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {openEventStream} from './eventStream.ts'
import {parseQuery} from '../queries/query.ts'
import {VERSIONS_PREFIX} from '../documents/releaseDocuments.ts'
import type {QueryPool} from '../queries/queryPool.ts'
import type {LoggedTransaction} from '../store/transactionLog.ts'
import {serverLog} from '@quantedge/server-kit/log'

type Listener = {
  dataset: string
  query: string
  params: Record<string, unknown>
  authenticated: boolean
  includeResult: boolean
  /**
   * `query` when the listener asked to hear of a change only once queries see it (@sanity/client 8 src/types.ts
   * `ListenOptions.visibility`). The lake tells listeners after the change reached the query workers, so it can
   * say so; the Studio's listenQuery refetches at once on such an event and waits 1.2 s on any other.
   */
  visibility: 'query' | 'transaction'
  /** Whether it hears of release versions (`versions.…`) too. */
  includeVersions: boolean
  res: HttpResponse
}

export type DocumentChange = {
  id: string
  before: StoredDocument | null
  after: StoredDocument | null
}

export class Listeners {
  readonly #listeners = new Set<Listener>()
  readonly #queries: QueryPool
  #published: Promise<void> = Promise.resolve()

  constructor(queries: QueryPool) {
    this.#queries = queries
  }

  open(listener: Omit<Listener, 'res'>, res: HttpResponse) {
    parseQuery(listener.query, listener.params)
    const entry = {...listener, res}
    this.#listeners.add(entry)
    openEventStream(
      res,
      `event: welcome\ndata: ${JSON.stringify({listenerName: randomUUID()})}\n\n`,
      () => this.#listeners.delete(entry),
    )
  }

  /** Tells every matching listener about a committed transaction, after the transactions committed before it. */
  publish(dataset: string, transaction: LoggedTransaction, changes: DocumentChange[]) {
    this.#published = this.#published
      .then(() => this.#publishNow(dataset, transaction, changes))
      .catch((error: unknown) =>
        serverLog('content-lake').error({err: error}, 'a listener event was not sent'),
      )
  }

  async #publishNow(dataset: string, transaction: LoggedTransaction, changes: DocumentChange[]) {
    const listening = [...this.#listeners].filter((listener) => listener.dataset === dataset)
    const matched = await Promise.all(
      listening.map((listener) => this.#matchingChanges(listener, changes)),
    )
    listening.forEach((listener, index) => {
      if (this.#listeners.has(listener)) this.#send(listener, transaction, matched[index] ?? [])
    })
  }

  async #matchingChanges(listener: Listener, changes: DocumentChange[]) {
    const visible = changes.filter(
      (change) =>
        (listener.authenticated || !isPrivateId(change.id)) &&
        (listener.includeVersions || !change.id.startsWith(VERSIONS_PREFIX)),
    )
    const matches = await Promise.all(
      visible.map(
        async (change) =>
          (await this.#matches(listener, change.before)) ||
          (await this.#matches(listener, change.after)),
      ),
    )
    return visible.filter((_, index) => matches[index])
  }

  #send(listener: Listener, transaction: LoggedTransaction, events: DocumentChange[]) {
    const {id: transactionId, timestamp, author} = transaction
    events.forEach(({id, before, after}, index) => {
      const data = {
        eventId: `${transactionId}#${id}`,
        documentId: id,
        transactionId,
        identity: author,
        previousRev: before?._rev,
        resultRev: after?._rev ?? transactionId,
        mutations: after ? [{createOrReplace: after}] : [{delete: {id}}],
        effects: transaction.effects[id],
        ...(listener.includeResult && after ? {result: after} : {}),
        timestamp,
        transition: !before ? 'appear' : !after ? 'disappear' : 'update',
        visibility: listener.visibility,
        transactionTotalEvents: events.length,
        transactionCurrentEvent: index + 1,
      }
      listener.res.write(`event: mutation\nid: ${data.eventId}\ndata: ${JSON.stringify(data)}\n\n`)
    })
  }

  closeAll() {
    for (const {res} of this.#listeners) res.end()
    this.#listeners.clear()
  }

  async #matches(listener: Listener, doc: StoredDocument | null) {
    if (!doc) return false
    const result = await this.#queries
      .result(listener.query, listener.params, {documents: [doc]})
      .catch(() => [])
    return Array.isArray(result) ? result.length > 0 : Boolean(result)
  }
}
