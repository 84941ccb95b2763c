// A query worker's copy of one dataset, kept current by the changes the lake sends after each commit, with the
// indexes query narrowing reads (narrowing.ts): documents by `_type` and by the ids they reference, and each
// document's position in the dataset's order (the lake's: as read at start, then new documents after), so a
// narrowed reading lists documents in the order the whole dataset does. References
// are gathered as groq-js's `references()` finds them: an object with a `_ref` is a reference and is not looked
// into further (groq-js `hasReference`).
import type {StoredDocument} from './documents.ts'

export type DocumentChangeList = readonly (readonly [string, StoredDocument | null])[]

function collectReferences(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, found)
  } else if (typeof value === 'object' && value !== null) {
    const ref = (value as {_ref?: unknown})._ref
    if (ref) {
      if (typeof ref === 'string') found.add(ref)
      return
    }
    for (const field of Object.values(value)) collectReferences(field, found)
  }
}

/** The string `_ref`s in a document, found where groq-js's `references()` looks. */
function referencedIds(doc: StoredDocument) {
  const found = new Set<string>()
  collectReferences(doc, found)
  return found
}

function addTo(index: Map<string, Set<string>>, key: string, id: string) {
  let ids = index.get(key)
  if (!ids) index.set(key, (ids = new Set()))
  ids.add(id)
}

function removeFrom(index: Map<string, Set<string>>, key: string, id: string) {
  const ids = index.get(key)
  ids?.delete(id)
  if (ids?.size === 0) index.delete(key)
}

const NONE: ReadonlySet<string> = new Set()

export class DatasetCopy {
  readonly #byId = new Map<string, StoredDocument>()
  readonly #byType = new Map<string, Set<string>>()
  readonly #byReference = new Map<string, Set<string>>()
  readonly #positions = new Map<string, number>()
  #nextPosition = 0
  /** Counts changes, so views built from the copy know when they are stale. */
  version = 0

  constructor(documents: Iterable<StoredDocument>) {
    for (const doc of documents) this.#put(doc._id, doc, this.#nextPosition++)
  }

  get(id: string): StoredDocument | undefined {
    return this.#byId.get(id)
  }

  /** Where the document stands in the dataset's order; Infinity for none. */
  position(id: string): number {
    return this.#positions.get(id) ?? Number.POSITIVE_INFINITY
  }

  ids(): Iterable<string> {
    return this.#byId.keys()
  }

  /** Ids of the documents whose `_type` is `type`. */
  ofType(type: string): ReadonlySet<string> {
    return this.#byType.get(type) ?? NONE
  }

  /** Ids of the documents holding a reference to `id`. */
  referencing(id: string): ReadonlySet<string> {
    return this.#byReference.get(id) ?? NONE
  }

  /** A commit's changes: a changed document keeps its place, a new one comes last. */
  apply(changes: DocumentChangeList) {
    for (const [id, doc] of changes) {
      const position = this.#positions.get(id) ?? this.#nextPosition++
      this.#remove(id)
      if (doc) this.#put(id, doc, position)
    }
    this.version += 1
  }

  /** Applies changes until the returned function puts back what they replaced, in its places. */
  applyUntilUndone(changes: DocumentChangeList): () => void {
    const replaced = changes.map(
      ([id]) => [id, this.#byId.get(id), this.#positions.get(id)] as const,
    )
    this.apply(changes)
    return () => {
      for (const [id, doc, position] of replaced) {
        this.#remove(id)
        if (doc && position !== undefined) this.#put(id, doc, position)
      }
      this.version += 1
    }
  }

  #put(id: string, doc: StoredDocument, position: number) {
    this.#byId.set(id, doc)
    this.#positions.set(id, position)
    if (typeof doc._type === 'string') addTo(this.#byType, doc._type, id)
    for (const ref of referencedIds(doc)) addTo(this.#byReference, ref, id)
  }

  #remove(id: string) {
    const doc = this.#byId.get(id)
    if (!doc) return
    this.#byId.delete(id)
    this.#positions.delete(id)
    if (typeof doc._type === 'string') removeFrom(this.#byType, doc._type, id)
    for (const ref of referencedIds(doc)) removeFrom(this.#byReference, ref, id)
  }
}
