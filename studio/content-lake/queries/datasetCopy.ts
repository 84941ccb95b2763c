// A query worker's copy of one dataset, kept current by the changes the lake sends after each commit, with the
// indexes query narrowing reads (narrowing.ts): documents by `_type` and by the ids they reference, and each
// document's position in the dataset's order (the lake's: as read at start, then new documents after), so a
// narrowed reading lists documents in the order the whole dataset does. References
// are gathered as groq-js's `references()` finds them: an object with a `_ref` is a reference and is not looked
// into further (groq-js `hasReference`). The references are gathered the first time a query asks for them, not
// when the copy is made: walking every document of 20,000 took a start's worker a tenth of a second, and most
// queries never ask.
import type {StoredDocument} from '../documents/documents.ts'

export type DocumentChangeList = readonly (readonly [string, StoredDocument | null])[]

function collectReferences(value: unknown, found: Set<string>): void {
  if (typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, found)
    return
  }
  const ref = (value as {_ref?: unknown})._ref
  if (ref) {
    if (typeof ref === 'string') found.add(ref)
    return
  }
  for (const field of Object.values(value)) collectReferences(field, found)
}

/** The string `_ref`s in a document, found where groq-js's `references()` looks. */
function referencedIds(doc: StoredDocument): readonly string[] {
  const found = new Set<string>()
  collectReferences(doc, found)
  return [...found]
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

/** A document with its place in the dataset's order. */
export type CopyEntry = {readonly doc: StoredDocument; readonly position: number}

/**
 * The ids each document references and the documents referencing each id; each document's are kept, so a change
 * need not walk the document it replaces again.
 */
type References = {of: Map<string, readonly string[]>; to: Map<string, Set<string>>}

export class DatasetCopy {
  /** One map for the document and its position: a narrowed reading looks up thousands of ids per query. */
  readonly #byId = new Map<string, CopyEntry>()
  readonly #byType = new Map<string, Set<string>>()
  /** Made by the first query that asks (`referencing`), then kept current. */
  #references: References | undefined
  #nextPosition = 0
  /** Counts changes, so views built from the copy know when they are stale. */
  version = 0

  constructor(documents: Iterable<StoredDocument>) {
    for (const doc of documents) this.#put(doc._id, doc, this.#nextPosition++)
  }

  get(id: string): StoredDocument | undefined {
    return this.#byId.get(id)?.doc
  }

  /** The document under `id` with its place in the dataset's order, in one look-up. */
  entry(id: string): CopyEntry | undefined {
    return this.#byId.get(id)
  }

  /** Where the document stands in the dataset's order; Infinity for none. */
  position(id: string): number {
    return this.#byId.get(id)?.position ?? Number.POSITIVE_INFINITY
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
    if (!this.#references) {
      this.#references = {of: new Map(), to: new Map()}
      for (const [each, {doc}] of this.#byId) this.#addReferences(each, doc)
    }
    return this.#references.to.get(id) ?? NONE
  }

  /** A commit's changes: a changed document keeps its place, a new one comes last. */
  apply(changes: DocumentChangeList) {
    for (const [id, doc] of changes) {
      const position = this.#byId.get(id)?.position ?? this.#nextPosition++
      this.#remove(id)
      if (doc) this.#put(id, doc, position)
    }
    this.version += 1
  }

  /** Applies changes until the returned function puts back what they replaced, in its places. */
  applyUntilUndone(changes: DocumentChangeList): () => void {
    const replaced = changes.map(([id]) => [id, this.#byId.get(id)] as const)
    this.apply(changes)
    return () => {
      for (const [id, entry] of replaced) {
        this.#remove(id)
        if (entry) this.#insert(id, entry)
      }
      this.version += 1
    }
  }

  #put(id: string, doc: StoredDocument, position: number) {
    this.#insert(id, {doc, position})
  }

  #insert(id: string, entry: CopyEntry) {
    this.#byId.set(id, entry)
    if (typeof entry.doc._type === 'string') addTo(this.#byType, entry.doc._type, id)
    if (this.#references) this.#addReferences(id, entry.doc)
  }

  #addReferences(id: string, doc: StoredDocument) {
    const references = this.#references
    if (!references) return
    const ids = referencedIds(doc)
    references.of.set(id, ids)
    for (const ref of ids) addTo(references.to, ref, id)
  }

  #remove(id: string) {
    const entry = this.#byId.get(id)
    if (!entry) return
    this.#byId.delete(id)
    if (typeof entry.doc._type === 'string') removeFrom(this.#byType, entry.doc._type, id)
    const references = this.#references
    if (!references) return
    for (const ref of references.of.get(id) ?? []) removeFrom(references.to, ref, id)
    references.of.delete(id)
  }
}
