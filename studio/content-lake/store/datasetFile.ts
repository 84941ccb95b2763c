// One dataset on disk: a snapshot in Sanity's export format (`<dataset>.ndjson`, one document a line, what
// `sanity dataset import` reads: https://www.sanity.io/docs/content-lake/importing-data), in the dataset's order
// (as read, new documents after, so a restart keeps the order of unordered query results), and journals
// (`<dataset>.<n>.journal`), one line per committed transaction holding each changed document as it became
// (null: deleted). A commit appends one line and syncs it, so its cost does not grow with the dataset; the
// snapshot is rewritten now and then (compaction) from the documents in memory, in the background.
//
// Crash safety: a line is acknowledged only once synced (journalWriter.ts syncs lines in groups), so a line cut
// short by a crash is one nobody was told about, and it can only be the last line of the last journal (dropped when read). Compaction first starts a new
// journal, then writes the new snapshot beside the old one, syncs it, gives it the snapshot's name in one step
// and only then (once the transaction log's entries made from them are on disk) removes the journals it holds. A crash at any point leaves the old snapshot with every journal,
// or the new snapshot with journals it already holds: replaying a line sets each document to a state it had,
// so replaying lines the snapshot holds changes nothing that later lines do not set again.
import {readdirSync, readFileSync} from 'node:fs'
import {existsSync, renameSync, statSync, truncateSync, unlinkSync} from 'node:fs'
import {open} from 'node:fs/promises'
import {join} from 'node:path'
import {syncToDisk} from '@quantedge/server-kit/syncToDisk'
import {readSharedBytes, readSnapshot, replayJournal, sharedBytes} from './datasetText.ts'
import type {DatasetText, JournalLine, LineReplayed} from './datasetText.ts'
import type {SnapshotIndex, SnapshotReading} from './datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {JournalWriter} from './journalWriter.ts'
import {StoredDocuments} from './storedDocuments.ts'

export type DocumentChanges = ReadonlyMap<string, StoredDocument | null>

/** When and by whom a journaled transaction was made, kept in its line (JournalLine). */
export type TransactionStamp = {timestamp: string; author: string}

/** How many documents are serialized between two turns of the event loop while compacting. */
const COMPACTION_CHUNK = 200

export class DatasetFile {
  readonly #folder: string
  readonly #dataset: string
  readonly #compactAfterBytes: number
  /** Awaited before a compaction removes the journals its snapshot holds (what else is made from them is kept). */
  readonly #beforeRemovingJournals: () => Promise<void>
  /** The journals the snapshot may not hold yet, oldest first; the last one takes new lines. */
  #journals: number[] = []
  /** Writes the last journal; made with the first line a start appends. */
  #writer: JournalWriter | undefined
  #journalBytes = 0
  #snapshotBytes = 0
  #compaction: Promise<void> | undefined
  /** The dataset as text (what a query worker reads its copy from), and the lines appended since a compaction began. */
  #text: {snapshot: Uint8Array; journals: string[]} = {snapshot: new Uint8Array(), journals: []}
  #sinceCompaction: string[] | undefined

  constructor(
    folder: string,
    dataset: string,
    compactAfterBytes: number,
    beforeRemovingJournals: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.#folder = folder
    this.#dataset = dataset
    this.#compactAfterBytes = compactAfterBytes
    this.#beforeRemovingJournals = beforeRemovingJournals
  }

  /**
   * The dataset's documents: the snapshot, then every journal line in order. A broken line stops with its place.
   * `read` is given the text first, before it is parsed and checked, so a query worker can parse it meanwhile.
   */
  read(read: (text: DatasetText) => void = () => undefined): StoredDocuments {
    const {bytes, journals} = this.#readFiles()
    read(this.text())
    return this.#documents(bytes, journals, {})
  }

  /**
   * The dataset's documents as `read` gives them, once a reader that may parse and check the snapshot itself (a
   * query worker, given the text with the snapshot's path) has said where its lines are or which one it refuses:
   * the snapshot's documents are then parsed only as they are asked for (storedDocuments.ts). A reader that gives
   * no answer, or fails to, leaves the snapshot to be read here. `replaying`, given the journals' text, says
   * what is to be told of each journal line as it is replayed, before it is applied.
   */
  async open(
    reader: (text: DatasetText) => Promise<SnapshotReading> | undefined,
    replaying?: (journals: readonly string[]) => LineReplayed,
  ): Promise<StoredDocuments> {
    const {bytes, journals} = this.#readFiles()
    const replayed = replaying?.(journals.map(({text}) => text))
    const reading = await Promise.resolve(
      reader({...this.text(), snapshotPath: this.#snapshotPath()}),
    ).catch(() => undefined)
    if (reading && 'refused' in reading) throw new Error(reading.refused)
    return this.#documents(bytes, journals, {index: reading?.index, replayed})
  }

  /** The snapshot's bytes and the complete journals, kept as the dataset's text. */
  #readFiles() {
    this.#removeLeftovers()
    const snapshot = this.#snapshotPath()
    const bytes = existsSync(snapshot) ? readSharedBytes(snapshot) : new Uint8Array()
    this.#snapshotBytes = bytes.byteLength
    this.#journals = this.#journalNumbers()
    const journals = this.#journals.map((number, position) =>
      this.#completeJournal(number, position === this.#journals.length - 1),
    )
    this.#text = {snapshot: bytes, journals: journals.map(({text}) => text)}
    return {bytes, journals}
  }

  /** The snapshot's documents (parsed and checked here, unless `index` places them), then the journals'. */
  #documents(
    bytes: Uint8Array,
    journals: {text: string; path: string}[],
    {index, replayed}: {index?: SnapshotIndex | undefined; replayed?: LineReplayed | undefined},
  ): StoredDocuments {
    const documents = index ? StoredDocuments.unread(bytes, index) : new StoredDocuments()
    if (!index) readSnapshot(bytes, {name: this.#snapshotPath(), check: true}, documents)
    for (const {text, path} of journals)
      replayJournal(text, {name: path, check: true}, documents, replayed)
    return documents
  }

  /** The dataset as text, as committed so far. */
  text(): DatasetText {
    return {snapshot: this.#text.snapshot, journals: [...this.#text.journals]}
  }

  /**
   * Appends a transaction's changes now (a kill of the lake after this loses nothing: the system holds the
   * write); the promise resolves once they are synced to disk, when a crash of the machine cannot lose them.
   */
  append(transactionId: string, changes: DocumentChanges, stamp?: TransactionStamp): Promise<void> {
    const line: JournalLine = {transactionId, ...stamp, documents: Object.fromEntries(changes)}
    const text = `${JSON.stringify(line)}\n`
    const bytes = Buffer.from(text)
    const durable = this.#journalWriter().append(bytes)
    this.#journalBytes += bytes.length
    this.#text.journals.push(text)
    this.#sinceCompaction?.push(text)
    return durable
  }

  /** Whether the journals have outgrown the snapshot enough that rewriting it pays (amortized per write). */
  get wantsCompaction() {
    return (
      this.#compaction === undefined &&
      this.#journalBytes > Math.max(this.#compactAfterBytes, this.#snapshotBytes)
    )
  }

  /**
   * Rewrites the snapshot from `documents` (the dataset as every line appended so far left it), in the
   * background; lines appended meanwhile go to a new journal. Resolves once the old journals are gone.
   */
  compact(documents: Iterable<StoredDocument>): Promise<void> {
    if (this.#compaction) return this.#compaction
    const ordered = [...documents]
    const held = [...this.#journals]
    this.#startJournal()
    this.#sinceCompaction = []
    this.#compaction = this.#writeSnapshot(ordered, held).finally(() => {
      this.#compaction = undefined
      this.#sinceCompaction = undefined
    })
    return this.#compaction
  }

  /** The running compaction, if any. */
  settled(): Promise<void> {
    return this.#compaction ?? Promise.resolve()
  }

  /** Folds the journals into the snapshot and removes the empty journal left, so a stopped dataset is one file. */
  async close(documents: Iterable<StoredDocument>) {
    await this.settled().catch(() => undefined)
    if (this.#journalBytes > 0 || this.#journals.length > 1) await this.compact(documents)
    await this.#writer?.close()
    this.#writer = undefined
    const [only] = this.#journals
    if (this.#journals.length === 1 && only !== undefined && this.#journalBytes === 0) {
      unlinkSync(this.#journalPath(only))
      this.#journals = []
    }
  }

  async #writeSnapshot(ordered: StoredDocument[], held: number[]) {
    const temporary = `${this.#snapshotPath()}.compacting`
    const file = await open(temporary, 'w')
    const chunks: Buffer[] = []
    try {
      for (let start = 0; start < ordered.length; start += COMPACTION_CHUNK) {
        const chunk = Buffer.from(
          ordered
            .slice(start, start + COMPACTION_CHUNK)
            .map((doc) => `${JSON.stringify(doc)}\n`)
            .join(''),
        )
        chunks.push(chunk)
        await file.write(chunk)
      }
      await file.datasync()
    } finally {
      await file.close()
    }
    await this.#beforeRemovingJournals()
    renameSync(temporary, this.#snapshotPath())
    syncToDisk(this.#folder)
    this.#text = {snapshot: sharedBytes(chunks), journals: this.#sinceCompaction ?? []}
    this.#snapshotBytes = this.#text.snapshot.byteLength
    for (const number of held) unlinkSync(this.#journalPath(number))
    this.#journals = this.#journals.filter((number) => !held.includes(number))
  }

  /** A journal's text without a last line a crash cut short (which is also cut from the file). */
  #completeJournal(number: number, last: boolean) {
    const path = this.#journalPath(number)
    const text = readFileSync(path, 'utf8')
    const complete = text.slice(0, text.lastIndexOf('\n') + 1)
    if (complete !== text) {
      if (!last) throw new Error(`${path} ends in a cut-off line, but a later journal follows it`)
      truncateSync(path, Buffer.byteLength(complete))
    }
    this.#journalBytes += Buffer.byteLength(complete)
    return {text: complete, path}
  }

  #journalWriter(): JournalWriter {
    const latest = this.#journals.at(-1)
    if (this.#writer) return this.#writer
    if (latest === undefined) return this.#startJournal()
    this.#writer = new JournalWriter(this.#journalPath(latest))
    return this.#writer
  }

  /** A new, empty journal after the others, its name synced to disk before any line is acknowledged in it. */
  #startJournal(): JournalWriter {
    const number = (this.#journals.at(-1) ?? 0) + 1
    const writer = new JournalWriter(this.#journalPath(number), this.#writer?.close())
    syncToDisk(this.#folder)
    this.#journals.push(number)
    this.#writer = writer
    this.#journalBytes = 0
    return writer
  }

  /** A snapshot a crash interrupted is dropped: the old snapshot and the journals hold everything. */
  #removeLeftovers() {
    const leftover = `${this.#snapshotPath()}.compacting`
    if (existsSync(leftover)) unlinkSync(leftover)
  }

  #journalNumbers() {
    const pattern = new RegExp(`^${this.#dataset}\\.(\\d+)\\.journal$`)
    return readdirSync(this.#folder)
      .flatMap((name) => {
        const number = pattern.exec(name)?.[1]
        return number === undefined ? [] : [Number(number)]
      })
      .filter((number) => statSync(this.#journalPath(number)).isFile())
      .sort((a, b) => a - b)
  }

  #snapshotPath() {
    return join(this.#folder, `${this.#dataset}.ndjson`)
  }

  #journalPath(number: number) {
    return join(this.#folder, `${this.#dataset}.${number}.journal`)
  }
}
