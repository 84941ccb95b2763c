// The listen API (`GET /data/listen/<dataset>`): server-sent events, a welcome and then one `mutation` event
// per changed document that matches the listener's query, in the shape the Studio's live sync accepts:
// revisions chained by previousRev/resultRev, and the transaction's mendoza effects.
import {randomUUID} from 'node:crypto'
import {isPrivateId, type StoredDocument} from './documents.ts'
import {openEventStream, type LakeResponse} from './http.ts'
import {runQuery} from './query.ts'
import type {LoggedTransaction} from './transactionLog.ts'

type Listener = {
  dataset: string
  query: string
  params: Record<string, unknown>
  authenticated: boolean
  includeResult: boolean
  res: LakeResponse
}

export type DocumentChange = {id: string; before: StoredDocument | null; after: StoredDocument | null}

export class Listeners {
  readonly #listeners = new Set<Listener>()

  open(listener: Omit<Listener, 'res'>, res: LakeResponse) {
    const entry = {...listener, res}
    this.#listeners.add(entry)
    openEventStream(res, `event: welcome\ndata: ${JSON.stringify({listenerName: randomUUID()})}\n\n`, () => this.#listeners.delete(entry))
  }

  /** Tells every matching listener about a committed transaction. */
  async publish(dataset: string, transaction: LoggedTransaction, changes: DocumentChange[]) {
    const {id: transactionId, timestamp, author} = transaction
    for (const listener of this.#listeners) {
      if (listener.dataset !== dataset) continue
      const events: DocumentChange[] = []
      for (const change of changes) {
        if (isPrivateId(change.id) && !listener.authenticated) continue
        const [matchedBefore, matchedAfter] = await Promise.all([this.#matches(listener, change.before), this.#matches(listener, change.after)])
        if (matchedBefore || matchedAfter) events.push(change)
      }
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
          visibility: 'transaction',
          transactionTotalEvents: events.length,
          transactionCurrentEvent: index + 1,
        }
        listener.res.write(`event: mutation\nid: ${data.eventId}\ndata: ${JSON.stringify(data)}\n\n`)
      })
    }
  }

  closeAll() {
    for (const {res} of this.#listeners) res.end()
    this.#listeners.clear()
  }

  async #matches(listener: Listener, doc: StoredDocument | null) {
    if (!doc) return false
    const result = await runQuery(listener.query, listener.params, [doc]).catch(() => [])
    return Array.isArray(result) ? result.length > 0 : Boolean(result)
  }
}
