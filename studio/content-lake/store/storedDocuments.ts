// The store's documents of one dataset: a Map, in the dataset's order, whose snapshot documents may still be
// unread lines of the snapshot when a query worker has already parsed and checked the snapshot at the start
// (datasetText.ts `documentsOfStart`). Parsing 20,000 documents of rich text (about 130 MB) takes the lake's
// thread most of a second, and the worker must parse them all anyway to answer queries: so a start waits for the
// worker alone, a document is parsed when it is first asked for, and the rest are read in the background, a few
// milliseconds at a time, so that within a second or two the map holds every document as before. Whatever reads
// the whole map (its values, entries, iteration) reads the lines left first, so it never sees a line.
import type {SnapshotIndex} from './datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'

/** A snapshot document not parsed yet: its line's bytes. */
class UnreadLine {
  readonly start: number
  readonly end: number

  constructor(start: number, end: number) {
    this.start = start
    this.end = end
  }
}

/** How long one background turn reads lines before it yields to requests. */
const TURN_MS = 2

export class StoredDocuments extends Map<string, StoredDocument> {
  /** The snapshot the unread lines are in (UTF-8), until none is left. */
  #snapshot: Buffer | undefined
  #unread = 0
  /** Where the background reading goes on from: the map's own entries, which a Map iterates live. */
  #reading: Iterator<[string, StoredDocument | UnreadLine]> | undefined
  #turn: NodeJS.Timeout | undefined

  /** The snapshot's documents as `index` places them in `snapshot`, each read when first asked for. */
  static unread(snapshot: Uint8Array, index: SnapshotIndex): StoredDocuments {
    const documents = new StoredDocuments()
    documents.#snapshot = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength)
    index.ids.forEach((id, line) => {
      const start = index.ranges[2 * line] ?? 0
      const end = index.ranges[2 * line + 1] ?? 0
      // An unread line stands in the document's place, so the map keeps the snapshot's order.
      documents.#place(id, new UnreadLine(start, end))
    })
    return documents
  }

  override get(id: string): StoredDocument | undefined {
    const value: StoredDocument | UnreadLine | undefined = super.get(id)
    return value instanceof UnreadLine ? this.#read(id, value) : value
  }

  override set(id: string, doc: StoredDocument): this {
    this.#forget(id)
    return super.set(id, doc)
  }

  override delete(id: string): boolean {
    this.#forget(id)
    return super.delete(id)
  }

  override clear(): void {
    this.#unread = 0
    this.#snapshot = undefined
    this.stop()
    super.clear()
  }

  override values(): MapIterator<StoredDocument> {
    this.readAll()
    return super.values()
  }

  override entries(): MapIterator<[string, StoredDocument]> {
    this.readAll()
    return super.entries()
  }

  override [Symbol.iterator](): MapIterator<[string, StoredDocument]> {
    this.readAll()
    return super[Symbol.iterator]()
  }

  override forEach(
    each: (doc: StoredDocument, id: string, map: Map<string, StoredDocument>) => void,
    thisArg?: unknown,
  ): void {
    this.readAll()
    super.forEach(each, thisArg)
  }

  /** Whether snapshot lines are left to read. */
  get hasUnread(): boolean {
    return this.#unread > 0
  }

  /** Reads every line left now (every line before where the background reading stands is read already). */
  readAll() {
    this.#readFor(Number.POSITIVE_INFINITY)
  }

  /**
   * Reads the lines left in the background, a turn of the event loop at a time, until none is left or `stop`,
   * beginning `afterMs` from now: the requests that come first after a start are answered without it (its
   * parsing and the garbage collection that follows held them up by tens of ms). The turns keep the process
   * running (an unreferenced timer runs only when something else wakes the loop) for the second or so they take.
   */
  readInBackground(afterMs = 0) {
    if (this.#turn || !this.hasUnread) return
    const turn = () => {
      this.#turn = this.#readFor(TURN_MS) ? setTimeout(turn, 0) : undefined
    }
    this.#turn = setTimeout(turn, afterMs)
  }

  /** Stops the background reading. */
  stop() {
    clearTimeout(this.#turn)
    this.#turn = undefined
  }

  /** Reads lines for up to `ms`; whether any are left. */
  #readFor(ms: number): boolean {
    if (!this.hasUnread) return false
    const until = performance.now() + ms
    this.#reading ??= this.#lines()
    for (let next = this.#reading.next(); !next.done; next = this.#reading.next()) {
      const [id, value] = next.value
      if (value instanceof UnreadLine) this.#read(id, value)
      if (!this.hasUnread) break
      if (performance.now() >= until) return true
    }
    this.#reading = undefined
    return this.hasUnread
  }

  /** The map's entries as stored, unread lines included. */
  #lines(): Iterator<[string, StoredDocument | UnreadLine]> {
    return Map.prototype.entries.call(this) as Iterator<[string, StoredDocument | UnreadLine]>
  }

  #read(id: string, line: UnreadLine): StoredDocument {
    const snapshot = this.#snapshot
    if (!snapshot) throw new Error(`The snapshot line of "${id}" is gone`)
    // The query worker has parsed and checked this very line at the start.
    const doc = JSON.parse(snapshot.toString('utf8', line.start, line.end)) as StoredDocument
    this.set(id, doc)
    return doc
  }

  /** Puts an unread line in the map, in a document's place (the map's own set, which the types do not allow). */
  #place(id: string, line: UnreadLine) {
    this.#forget(id)
    Map.prototype.set.call(this, id, line)
    this.#unread += 1
  }

  /** Drops the count of an unread line replaced or deleted; the snapshot once none is left. */
  #forget(id: string) {
    if (!(super.get(id) instanceof UnreadLine)) return
    this.#unread -= 1
    if (this.#unread === 0) {
      this.#snapshot = undefined
      this.stop()
    }
  }
}
