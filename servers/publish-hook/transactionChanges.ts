// A transaction is one change for the site: a release publish writes all its documents in one transaction, and a
// visitor must never see part of it. The Live Content API already sends one event per transaction with every tag
// it touches; GROQ-powered webhooks come one per document, each naming its transaction in the
// `sanity-transaction-id` header (https://www.sanity.io/docs/webhooks, "HTTP headers"). So the first webhook of a
// transaction asks the lake for every published document the transaction wrote (TRANSACTION_DOCUMENTS_QUERY) and
// re-renders them together; the others of the same transaction add only a document the first did not find (a
// document the transaction deleted, which no query finds), and otherwise ask for nothing more. Sanity's queries are
// eventually consistent (https://www.sanity.io/docs/transactions, "Eventual Consistency"): a lookup that does not
// yet see the webhook's own document written by the transaction is asked again, a few times, before it is taken.
import {setTimeout as sleep} from 'node:timers/promises'

/** A document a change touched, as the webhook's projection or the lookup names it. */
export type ChangedDocument = {id: string; type: string}

export type TransactionChangesOptions = {
  /** The published documents the transaction with this id wrote (an empty list when none is visible yet). */
  documentsOf: (transactionId: string) => Promise<ChangedDocument[]>
  /** How many recent transactions are remembered, so a late webhook of one is still recognised. */
  remembered?: number
  /** How often a lookup that does not yet see the webhook's document is asked again, and how long apart. */
  lookupRetries?: number
  lookupRetryMs?: number
}

export class TransactionChanges {
  readonly #documentsOf: TransactionChangesOptions['documentsOf']
  readonly #remembered: number
  readonly #retries: number
  readonly #retryMs: number
  /** Per recent transaction, the ids already asked for (once its lookup has answered). */
  readonly #known = new Map<string, Promise<Set<string>>>()

  constructor({
    documentsOf,
    remembered = 1000,
    lookupRetries = 3,
    lookupRetryMs = 100,
  }: TransactionChangesOptions) {
    this.#documentsOf = documentsOf
    this.#remembered = remembered
    this.#retries = lookupRetries
    this.#retryMs = lookupRetryMs
  }

  /**
   * The documents a webhook for `named` should re-render: without a transaction id, the named document; for the
   * first webhook of a transaction, every document it wrote and the named one (`deleted` when the transaction
   * deleted it, so no lookup can see it); for a later one, the named
   * document if no earlier webhook of its transaction covered it, else nothing. A failed lookup rejects, and the
   * transaction is forgotten so its next webhook looks again.
   */
  async changesFor(
    transactionId: string | undefined,
    named: ChangedDocument,
    deleted = false,
  ): Promise<ChangedDocument[]> {
    if (!transactionId) return [named]
    const known = this.#known.get(transactionId)
    if (known) {
      const covered = await known
      if (covered.has(named.id)) return []
      covered.add(named.id)
      return [named]
    }
    const lookup = this.#lookUp(transactionId, deleted ? undefined : named.id)
    const covered = lookup.then((documents) => new Set([named.id, ...documents.map(({id}) => id)]))
    this.#remember(transactionId, covered)
    try {
      const documents = await lookup
      return [named, ...documents.filter(({id}) => id !== named.id)]
    } catch (error) {
      this.#known.delete(transactionId)
      throw error
    }
  }

  /** The transaction's documents, asked again while they do not include `expected` (the query lags the write). */
  async #lookUp(transactionId: string, expected: string | undefined) {
    let documents = await this.#documentsOf(transactionId)
    for (let retry = 0; retry < this.#retries; retry += 1) {
      if (expected === undefined || documents.some(({id}) => id === expected)) break
      await sleep(this.#retryMs)
      documents = await this.#documentsOf(transactionId)
    }
    return documents
  }

  #remember(transactionId: string, covered: Promise<Set<string>>) {
    covered.catch(() => undefined)
    this.#known.set(transactionId, covered)
    for (const oldest of this.#known.keys()) {
      if (this.#known.size <= this.#remembered) break
      this.#known.delete(oldest)
    }
  }
}
