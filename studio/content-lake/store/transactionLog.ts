// The lake's transaction log, the source of the Studio's history and the Releases tool's activity: one NDJSON
// line per committed transaction in `<dataDir>/history/<dataset>.ndjson`. Each line keeps the transaction's effects
// and the changed documents as they became, so a past revision can be shown again.
// A transaction and its entry are one durable step: the dataset's journal line (datasetFile.ts) is the write, and
// it carries what the entry needs but its effects (when, by whom, the documents as they became); the entry is
// appended here once that line is synced, and a start appends the entries of every journal line past the log's
// last one (historyRecovery.ts), its effects computed from the documents as the line found them. So a kill -9
// between the two (the journal synced, the entry not yet written) loses no entry, and the log never holds a
// transaction the journal lost. Meanwhile the lake reads a committed transaction's entry from memory.
// A line cut short by a crash can only be the last one, and is dropped when the log is read (before the first
// append after a start, if the log ends cut off).
import {appendFileSync, closeSync, existsSync, mkdirSync, openSync} from 'node:fs'
import {readFileSync, readSync, statSync, truncateSync} from 'node:fs'
import {join} from 'node:path'
import {syncToDisk} from '@quantedge/server-kit/syncToDisk'
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

/** How many bytes of the log's end are read at a time while looking for its last line. */
const TAIL_CHUNK = 64 * 1024

/** Where the file's last `count` newlines are, newest first, read from its end backwards (not the whole file). */
function newlinesFromEnd(file: string, count: number): number[] {
  if (!existsSync(file)) return []
  const found: number[] = []
  const descriptor = openSync(file, 'r')
  try {
    const chunk = Buffer.alloc(TAIL_CHUNK)
    for (let end = statSync(file).size; end > 0 && found.length < count;) {
      const start = Math.max(0, end - TAIL_CHUNK)
      readSync(descriptor, chunk, 0, end - start, start)
      for (let at = end - start - 1; at >= 0 && found.length < count; at -= 1)
        if (chunk[at] === 0x0a) found.push(start + at)
      end = start
    }
  } finally {
    closeSync(descriptor)
  }
  return found
}

/** Whether the file's last line was cut short (by a crash during an append): it does not end in a newline. */
function endsCutOff(file: string) {
  if (!existsSync(file)) return false
  const {size} = statSync(file)
  return size > 0 && newlinesFromEnd(file, 1)[0] !== size - 1
}

/** The last line of a file that ends in a newline. */
function lastLine(file: string): string | undefined {
  const [end, before = -1] = newlinesFromEnd(file, 2)
  if (end === undefined) return undefined
  const line = Buffer.alloc(end - before - 1)
  const descriptor = openSync(file, 'r')
  try {
    readSync(descriptor, line, 0, line.length, before + 1)
  } finally {
    closeSync(descriptor)
  }
  return line.toString('utf8')
}

export class TransactionLog {
  readonly #folder: string
  /** Each dataset's entries once read: the file's, then those appended since. */
  readonly #written = new Map<string, LoggedTransaction[]>()
  /** Each dataset's committed transactions whose entries are not written yet (their journal lines not yet synced). */
  readonly #pending = new Map<string, LoggedTransaction[]>()
  /** Each dataset's entries whose journal lines are synced but whose append failed: written before the next one. */
  readonly #due = new Map<string, LoggedTransaction[]>()

  constructor(dataDir: string) {
    this.#folder = join(dataDir, 'history')
    mkdirSync(this.#folder, {recursive: true})
  }

  /** The dataset's committed transactions, oldest first. */
  transactions(dataset: string): readonly LoggedTransaction[] {
    const pending = this.#pending.get(dataset) ?? []
    const written = this.#loaded(dataset)
    return pending.length === 0 ? written : [...written, ...pending]
  }

  /** A transaction just committed, read from memory until its entry is written. */
  committed(dataset: string, transaction: LoggedTransaction) {
    let pending = this.#pending.get(dataset)
    if (!pending) this.#pending.set(dataset, (pending = []))
    pending.push(transaction)
  }

  /**
   * Appends the entry of a committed transaction once its journal line is synced, in commit order; appends
   * without reading the log, so a write costs the same however long the history has grown.
   */
  write(dataset: string, transaction: LoggedTransaction) {
    this.#due.set(dataset, [...(this.#due.get(dataset) ?? []), transaction])
    this.#writeDue(dataset)
  }

  /** Appends entries a start made again from the journals (historyRecovery.ts), and syncs them. */
  recover(dataset: string, transactions: readonly LoggedTransaction[]) {
    if (transactions.length === 0) return
    this.#append(dataset, transactions)
    this.sync(dataset)
  }

  /** The log's last entry on disk, read from the file's end; a last line cut short is cut from the file. */
  lastWritten(dataset: string): LoggedTransaction | undefined {
    const file = this.#file(dataset)
    this.#dropCutOffLine(file)
    const line = lastLine(file)
    return line === undefined || line.trim() === ''
      ? undefined
      : this.#parse(line, `${file} (its last line)`)
  }

  /**
   * Syncs the dataset's log to disk (before the journals its entries were made from are removed), with any entry
   * whose append failed written first; while one still cannot be written, this throws, and the journals are kept.
   */
  sync(dataset: string) {
    this.#writeDue(dataset)
    const file = this.#file(dataset)
    if (existsSync(file)) syncToDisk(file)
  }

  /**
   * Appends the dataset's due entries, oldest first, and reads them from the log from then on. If the append
   * fails (a full disk), they stay due and are read from memory; the next write or sync tries them again first,
   * so the log never skips one (a start recovers only what follows its last entry).
   */
  #writeDue(dataset: string) {
    const due = this.#due.get(dataset)
    if (!due) return
    this.#append(dataset, due)
    this.#due.delete(dataset)
    const pending = this.#pending.get(dataset)
    if (pending)
      this.#pending.set(
        dataset,
        pending.filter((each) => !due.includes(each)),
      )
  }

  #append(dataset: string, transactions: readonly LoggedTransaction[]) {
    const file = this.#file(dataset)
    if (!this.#written.has(dataset)) this.#dropCutOffLine(file)
    const before = existsSync(file) ? statSync(file).size : 0
    try {
      appendFileSync(file, transactions.map((each) => `${JSON.stringify(each)}\n`).join(''))
    } catch (error) {
      // What a failed append wrote (part of it, on a full disk) is taken back, so the next try writes each once.
      if (existsSync(file) && statSync(file).size > before) truncateSync(file, before)
      throw error
    }
    this.#written.get(dataset)?.push(...transactions)
  }

  #dropCutOffLine(file: string) {
    if (endsCutOff(file)) truncateSync(file, (newlinesFromEnd(file, 1)[0] ?? -1) + 1)
  }

  #loaded(dataset: string) {
    let transactions = this.#written.get(dataset)
    if (!transactions) {
      transactions = this.#load(dataset)
      this.#written.set(dataset, transactions)
    }
    return transactions
  }

  #file(dataset: string) {
    return join(this.#folder, `${dataset}.ndjson`)
  }

  #parse(line: string, where: string): LoggedTransaction {
    try {
      return JSON.parse(line) as LoggedTransaction
    } catch (error) {
      throw new Error(`${where} is not a logged transaction (${(error as Error).message})`)
    }
  }

  #load(dataset: string): LoggedTransaction[] {
    const file = this.#file(dataset)
    if (!existsSync(file)) return []
    this.#dropCutOffLine(file)
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        line.trim() === '' ? [] : [this.#parse(line, `${file}:${index + 1}`)],
      )
  }
}
