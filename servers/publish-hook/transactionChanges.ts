// A transaction is one change for the site: a release publish writes all its documents in one transaction, and a
// visitor must never see part of it. The Live Content API already sends one event per transaction with every tag
// it touches; GROQ-powered webhooks come one per document, each naming its transaction in the
// `sanity-transaction-id` header (https://www.sanity.io/docs/webhooks, "HTTP headers"). So the first webhook of a
// transaction asks the lake for every published document the transaction wrote (TRANSACTION_DOCUMENTS_QUERY) and
// re-renders them together; the others of the same transaction add only a document the first did not find (a
// document the transaction deleted, which no query finds), and otherwise ask for nothing more.

/** A document a change touched, as the webhook's projection or the lookup names it. */
export type ChangedDocument = {id: string; type: string}

export type TransactionChangesOptions = {
  /** The published documents the transaction with this id wrote (an empty list when none is visible yet). */
  documentsOf: (transactionId: string) => Promise<ChangedDocument[]>
  /** How many recent transactions are remembered, so a late webhook of one is still recognised. */
  remembered?: number
}

export class TransactionChanges {
  readonly #documentsOf: TransactionChangesOptions['documentsOf']
  readonly #remembered: number
  /** Per recent transaction, the ids already asked for (once its lookup has answered). */
  readonly #known = new Map<string, Promise<Set<string>>>()

  constructor({documentsOf, remembered = 1000}: TransactionChangesOptions) {
    this.#documentsOf = documentsOf
    this.#remembered = remembered
  }

  /**
   * The documents a webhook for `named` should re-render: without a transaction id, the named document; for the
   * first webhook of a transaction, every document it wrote and the named one; for a later one, the named
   * document if no earlier webhook of its transaction covered it, else nothing. A failed lookup rejects, and the
   * transaction is forgotten so its next webhook looks again.
   */
  async changesFor(
    transactionId: string | undefined,
    named: ChangedDocument,
  ): Promise<ChangedDocument[]> {
    if (!transactionId) return [named]
    const known = this.#known.get(transactionId)
    if (known) {
      const covered = await known
      if (covered.has(named.id)) return []
      covered.add(named.id)
      return [named]
    }
    const lookup = this.#documentsOf(transactionId)
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

  #remember(transactionId: string, covered: Promise<Set<string>>) {
    covered.catch(() => undefined)
    this.#known.set(transactionId, covered)
    for (const oldest of this.#known.keys()) {
      if (this.#known.size <= this.#remembered) break
      this.#known.delete(oldest)
    }
  }
}
