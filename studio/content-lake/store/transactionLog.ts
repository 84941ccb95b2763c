// The lake's transaction log, the source of the Studio's history: one NDJSON line per committed transaction
// in `<dataDir>/history/<dataset>.ndjson`, appended after the dataset is written. Each line keeps the
// transaction's effects and the changed documents as they became, so a past revision can be shown again.
// A crash between the dataset write and the append loses that transaction's history entry, not its content;
// a line cut short by a crash can only be the last one, and is dropped when the log is read (before the first
// append after a start, if the log ends cut off).
import {appendFileSync, closeSync, existsSync, mkdirSync, openSync} from 'node:fs'
import {readFileSync, readSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomically} from './atomicWrite.ts'
import type {StoredDocument} from '../documents/documents.ts'
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

/** Whether the file's last line was cut short (by a crash during an append), read from its last byte alone. */
function endsCutOff(file: string) {
  if (!existsSync(file)) return false
  const {size} = statSync(file)
  if (size === 0) return false
  const last = Buffer.alloc(1)
  const descriptor = openSync(file, 'r')
  try {
    readSync(descriptor, last, 0, 1, size - 1)
  } finally {
    closeSync(descriptor)
  }
  return last[0] !== 0x0a
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

  /** Appends without reading the log: a write costs the same however long the history has grown. */
  append(dataset: string, transaction: LoggedTransaction) {
    if (!this.#datasets.has(dataset) && endsCutOff(this.#file(dataset))) this.#loaded(dataset)
    appendFileSync(this.#file(dataset), `${JSON.stringify(transaction)}\n`)
    this.#datasets.get(dataset)?.push(transaction)
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
