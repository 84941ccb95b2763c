// The lake's transaction log, the source of the Studio's history: one NDJSON line per committed transaction
// in `<dataDir>/history/<dataset>.ndjson`, appended after the dataset is written. Each line keeps the
// transaction's effects and the changed documents as they became, so a past revision can be shown again.
// A crash between the dataset write and the append loses that transaction's history entry, not its content;
// a line cut short by a crash can only be the last one, and is dropped when the log is read.
import {appendFileSync, existsSync, mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomically} from './atomicWrite.ts'
import type {StoredDocument} from './documents.ts'
import type {DocumentEffects} from './effects.ts'

export type LoggedTransaction = {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
  effects: Record<string, DocumentEffects>
  /** Each changed document after the transaction; null when it was deleted. */
  documents: Record<string, StoredDocument | null>
}

export class TransactionLog {
  readonly #folder: string
  readonly #datasets = new Map<string, LoggedTransaction[]>()

  constructor(dataDir: string) {
    this.#folder = join(dataDir, 'history')
    mkdirSync(this.#folder, {recursive: true})
  }

  /** The dataset's transactions, oldest first. */
  transactions(dataset: string): readonly LoggedTransaction[] {
    return this.#loaded(dataset)
  }

  append(dataset: string, transaction: LoggedTransaction) {
    const transactions = this.#loaded(dataset)
    appendFileSync(this.#file(dataset), `${JSON.stringify(transaction)}\n`)
    transactions.push(transaction)
  }

  #loaded(dataset: string) {
    let transactions = this.#datasets.get(dataset)
    if (!transactions) {
      transactions = this.#load(dataset)
      this.#datasets.set(dataset, transactions)
    }
    return transactions
  }

  #file(dataset: string) {
    return join(this.#folder, `${dataset}.ndjson`)
  }

  #load(dataset: string): LoggedTransaction[] {
    const file = this.#file(dataset)
    if (!existsSync(file)) return []
    const text = readFileSync(file, 'utf8')
    const complete = text.slice(0, text.lastIndexOf('\n') + 1)
    if (complete !== text) writeFileAtomically(file, complete)
    return complete.split('\n').flatMap((line, index) => {
      if (line.trim() === '') return []
      try {
        return [JSON.parse(line) as LoggedTransaction]
      } catch (error) {
        throw new Error(
          `${file}:${index + 1} is not a logged transaction (${(error as Error).message})`,
        )
      }
    })
  }
}
