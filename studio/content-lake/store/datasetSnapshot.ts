// A dataset as it was at one moment, read out later a chunk at a time: what the Export API streams. Taking it is
// one synchronous step (the map's entries, a pointer a document: a commit replaces a document, never changes it in
// place), so writes that arrive while it is read out are not in it. Snapshot lines no one has asked for yet are
// kept as their bytes and go out as they are unless the view must read them; each entry is let go once it is out,
// so an old version a write has replaced since is held only until its turn. The dataset is never held twice.
import type {StoredDocument} from '../documents/documents.ts'

/** How many documents go into one chunk (about 1 MB of the bench's 6 KB documents) between two turns of the loop. */
const CHUNK_DOCUMENTS = 200

/** What goes out of a snapshot, and how. */
export type SnapshotView = {
  /** Whether the document goes out at all, by its id alone (before it is read). */
  includes: (id: string) => boolean
  /** Whether the document must be read to be shown (its stored line goes out as it is otherwise). */
  reads: (id: string) => boolean
  /** The document as it goes out, or undefined to leave it out. */
  shown: (doc: StoredDocument) => StoredDocument | undefined
}

const NEWLINE = Buffer.from('\n')

export class DatasetSnapshot {
  readonly #entries: ([id: string, stored: StoredDocument | Uint8Array] | undefined)[]

  constructor(entries: [id: string, stored: StoredDocument | Uint8Array][]) {
    this.#entries = entries
  }

  /** How many documents it holds. */
  get size() {
    return this.#entries.length
  }

  /** The documents as NDJSON, one document a line, a chunk of lines at a time. */
  *chunks(view: SnapshotView): Generator<Buffer> {
    let parts: Uint8Array[] = []
    for (let index = 0; index < this.#entries.length; index += 1) {
      const entry = this.#entries[index]
      this.#entries[index] = undefined
      const line = entry && this.#line(entry, view)
      if (line) parts.push(line, NEWLINE)
      if (parts.length >= 2 * CHUNK_DOCUMENTS) {
        yield Buffer.concat(parts)
        parts = []
      }
    }
    if (parts.length > 0) yield Buffer.concat(parts)
  }

  #line([id, stored]: [string, StoredDocument | Uint8Array], view: SnapshotView) {
    if (!view.includes(id)) return undefined
    if (stored instanceof Uint8Array && !view.reads(id)) return stored
    const doc =
      stored instanceof Uint8Array
        ? (JSON.parse(
            Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString('utf8'),
          ) as StoredDocument)
        : stored
    const shown = view.shown(doc)
    return shown ? Buffer.from(JSON.stringify(shown)) : undefined
  }
}
