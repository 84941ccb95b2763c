// What a query worker holds of one dataset, and how it answers a query from it: its copy (datasetCopy.ts), the
// perspective the request reads (perspective.ts) and the narrowing its filters allow (narrowing.ts). The whole
// dataset as a perspective shows it is built only for a query that reads all of it, and kept until a change.
import type {ExprNode} from 'groq-js'
import {DatasetCopy, type DocumentChangeList} from './datasetCopy.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {narrowQuery, readsWholeDataset} from './narrowing.ts'
import {
  perspectiveKey,
  perspectiveView,
  shownDocuments,
  shownIds,
  type Perspective,
  type PerspectiveView,
} from './perspective.ts'
import {evaluateQuery, type Evaluation} from './query.ts'
import {withSearchableText} from './search.ts'
import {contentSourceMap} from './sourceMap.ts'

/** How a request reads a dataset. */
export type DatasetReading = {
  perspective: Perspective
  authenticated: boolean
  /** Changes not committed yet (a transaction's own, for its delete by query), read as if they were. */
  pending?: DocumentChangeList
}

export type QueryOptions = {
  /** A whole-document search: give each document its searchable text first (search.ts). */
  searchable?: boolean
  /** Also map the result's strings to the documents they came from (sourceMap.ts). */
  sourceMap?: boolean
}

export type QueryAnswer = {result: unknown; syncTags: string[]; resultSourceMap?: unknown}

export class QueryableDataset {
  readonly #copy: DatasetCopy
  readonly #whole = new Map<string, {version: number; documents: StoredDocument[]}>()

  constructor(documents: Iterable<StoredDocument>) {
    this.#copy = new DatasetCopy(documents)
  }

  apply(changes: DocumentChangeList) {
    this.#copy.apply(changes)
  }

  /** The query's answer; `narrow: false` reads the whole dataset for every `*` (for tests that compare). */
  async answer(
    query: string,
    params: Record<string, unknown>,
    reading: DatasetReading,
    {searchable = false, sourceMap = false}: QueryOptions = {},
    narrow = true,
  ): Promise<QueryAnswer> {
    const pending = reading.pending ?? []
    const undo = pending.length > 0 ? this.#copy.applyUntilUndone(pending) : undefined
    try {
      const view = perspectiveView(this.#copy, reading.perspective, reading.authenticated)
      const see = (docs: StoredDocument[]) => (searchable ? docs.map(withSearchableText) : docs)
      const whole = () => see(this.#wholeDataset(view, reading))
      const prepare = (tree: ExprNode): Evaluation => {
        const narrowed = narrow ? narrowQuery(tree, {copy: this.#copy, view}, see) : tree
        return {
          tree: narrowed,
          dataset: readsWholeDataset(narrowed) ? whole() : [],
          dereference: ({_ref}) => {
            const doc = view.document(_ref)
            return doc ? (see([doc])[0] ?? null) : null
          },
        }
      }
      const {result, syncTags} = await evaluateQuery(query, params, prepare)
      return sourceMap
        ? {result, syncTags, resultSourceMap: contentSourceMap(result, whole())}
        : {result, syncTags}
    } finally {
      undo?.()
    }
  }

  #wholeDataset(view: PerspectiveView, {perspective, authenticated}: DatasetReading) {
    const key = `${perspectiveKey(perspective)}:${authenticated}`
    const cached = this.#whole.get(key)
    if (cached?.version === this.#copy.version) return cached.documents
    const documents = shownDocuments(view, shownIds(view, this.#copy.ids()))
    this.#whole.set(key, {version: this.#copy.version, documents})
    return documents
  }
}
