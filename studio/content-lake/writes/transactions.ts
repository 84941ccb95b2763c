// The lake's one write path. Every transaction (mutations, actions, asset uploads) takes its dataset's turn:
// it reads the documents, checks its preconditions (ifRevisionID, create on an existing id, the Actions API's
// revision checks), applies and stores its changes, and only then does the next transaction read. Without the
// turn, two transactions whose bodies arrive together (one HTTP/2 session, many streams) both read the same
// documents and the second silently undoes the first. A transaction succeeds or fails whole, and the loser of a
// race gets Sanity's 409 (https://www.sanity.io/docs/content-lake/mutations-introduction, "Transactions";
// https://www.sanity.io/docs/http-mutations, "ifRevisionID").
// After the write: the transaction log; once it is on disk: the answer, listeners, live events and webhooks, in
// commit order.
import type {StoredDocument} from '../documents/documents.ts'
import {documentEffects} from '../store/effects.ts'
import type {DocumentChange, Listeners} from '../events/listeners.ts'
import type {LiveEvents} from '../events/liveEvents.ts'
import {applyTransaction, type MutationInput, type Transaction, type WriteGuard} from './mutate.ts'
import type {QueryPool} from '../queries/queryPool.ts'
import {RELEASE_DOCUMENTS_PREFIX} from '../documents/releaseDocuments.ts'
import type {LakeStore} from '../store/store.ts'
import type {LoggedTransaction, TransactionLog} from '../store/transactionLog.ts'
import {sendWebhooks, type WebhookConfig} from '../events/webhooks.ts'

export type WriteRequest = {
  /** The transaction's mutations, decided from the documents as they are when its turn comes (actions read them). */
  mutations: (documents: ReadonlyMap<string, StoredDocument>) => MutationInput[]
  /** What the mutations may not change, judged against the documents when its turn comes (releaseLocks.ts). */
  guard?: (documents: ReadonlyMap<string, StoredDocument>) => WriteGuard
  transactionId?: string | undefined
  /** Check and apply, but store nothing and tell no one. */
  dryRun?: boolean
}

export type WritePath = {
  store: LakeStore
  log: TransactionLog
  listeners: Listeners
  liveEvents: LiveEvents
  queries: QueryPool
  projectId: string
  author: string
  /** Read on every write, so a caller may attach webhooks later. */
  webhooks: readonly WebhookConfig[]
}

/** A transaction written and applied: on disk once `durable` resolves, then `announce`d. */
type Stored = {transaction: Transaction; durable: Promise<void>; announce: () => void}

export class Transactions {
  readonly #path: WritePath
  readonly #turns = new Map<string, Promise<unknown>>()
  #releasesChanged: (dataset: string) => void = () => undefined

  constructor(path: WritePath) {
    this.#path = path
  }

  /**
   * Runs one transaction when its dataset's earlier transactions are stored, and resolves once it is on disk.
   * The next transaction's turn starts when this one is written, not when it is synced: transactions written
   * while one sync runs share the next (journalWriter.ts), and each is answered and announced in commit order.
   */
  commit(dataset: string, request: WriteRequest): Promise<Transaction> {
    const previous = this.#turns.get(dataset) ?? Promise.resolve()
    const stored = previous.then(() => this.#store(dataset, request))
    this.#turns.set(
      dataset,
      stored.catch(() => undefined),
    )
    return stored.then(async ({transaction, durable, announce}) => {
      await durable
      announce()
      return transaction
    })
  }

  /** Calls `changed` once a committed transaction has changed a release document (releaseScheduler.ts). */
  watchReleases(changed: (dataset: string) => void) {
    this.#releasesChanged = changed
  }

  async #store(dataset: string, request: WriteRequest): Promise<Stored> {
    const {store, log, queries} = this.#path
    const before = store.documents(dataset)
    const mutations = request.mutations(before)
    // Nothing to do (a scheduled publish whose release changed meanwhile): nothing is stored or told.
    if (mutations.length === 0) {
      const transaction = {
        transactionId: request.transactionId ?? '',
        results: [],
        changes: new Map(),
      }
      return {transaction, durable: Promise.resolve(), announce: () => undefined}
    }
    const transaction = await applyTransaction(
      before,
      mutations,
      (query, params, pending) =>
        queries.result(query, params, {
          dataset,
          perspective: 'raw',
          authenticated: true,
          pending: [...pending],
        }),
      {
        transactionId: request.transactionId,
        ...(request.guard ? {guard: request.guard(before)} : {}),
      },
    )
    if (request.dryRun) return {transaction, durable: Promise.resolve(), announce: () => undefined}
    const changes = [...transaction.changes].map(([id, after]) => ({
      id,
      before: before.get(id) ?? null,
      after,
    }))
    // Stored and sent to the query workers in one step, so no query sent after the answer misses it: Sanity's
    // `visibility=sync`, which @sanity/client sends (https://www.sanity.io/docs/http-mutations, "visibility").
    // Queries may see it a moment before it is synced; a kill of the lake cannot lose it by then, only a crash
    // of the machine could, and the write was not answered.
    const durable = store.commit(dataset, transaction.transactionId, transaction.changes)
    queries.changed(dataset, transaction.changes)
    const logged: LoggedTransaction = {
      id: transaction.transactionId,
      timestamp: new Date().toISOString(),
      author: this.#path.author,
      documentIDs: changes.map(({id}) => id),
      effects: Object.fromEntries(
        changes.map((change) => [change.id, documentEffects(change.before, change.after)]),
      ),
      documents: Object.fromEntries(transaction.changes),
    }
    log.append(dataset, logged)
    if (changes.some(({id}) => id.startsWith(RELEASE_DOCUMENTS_PREFIX)))
      this.#releasesChanged(dataset)
    return {transaction, durable, announce: () => this.#announce(dataset, logged, changes)}
  }

  /** Listeners, live events and webhooks hear of a transaction once it is on disk. */
  #announce(dataset: string, logged: LoggedTransaction, changes: DocumentChange[]) {
    const {listeners, liveEvents, webhooks, projectId} = this.#path
    listeners.publish(dataset, logged, changes)
    liveEvents.changed(dataset, changes)
    if (webhooks.length > 0) {
      void sendWebhooks(webhooks, {
        projectId,
        dataset,
        transactionId: logged.id,
        changes,
      })
    }
  }
}
