// Sanity's perspectives, applied before groq-js (which knows none) sees the documents.
import type {DatasetCopy} from './datasetCopy.ts'
import {badRequest} from './errors.ts'
import {
  DRAFTS_PREFIX,
  isDraftId,
  isPrivateId,
  isVersionId,
  publishedIdOf,
  type StoredDocument,
} from './documents.ts'

export type Perspective = 'raw' | 'published' | 'drafts'

/** From API version 2025-02-19 on, a query without a perspective reads published documents. */
const PUBLISHED_BY_DEFAULT_FROM = '2025-02-19'

export function parsePerspective(value: string | null, apiVersion: string): Perspective {
  if (value === null || value === '') {
    return apiVersion >= PUBLISHED_BY_DEFAULT_FROM ? 'published' : 'raw'
  }
  if (value === 'raw' || value === 'published') return value
  if (value === 'drafts' || value === 'previewDrafts') return 'drafts'
  throw badRequest(`Invalid perspective "${value}": use raw, published or drafts`)
}

/**
 * A dataset as a perspective shows it, one document per id. Without a token private (dotted) ids are dropped in
 * every perspective; `published` drops drafts and release versions; `drafts` lays each draft over its published
 * document under the published id. Other dotted ids (such as preview secrets) stay visible to a token in every
 * perspective.
 */
export type PerspectiveView = {
  /** The document the perspective shows under `id`, if any. */
  document: (id: string) => StoredDocument | undefined
  /** The id under which a stored document may show, if it may show at all. */
  shownAs: (storedId: string) => string | undefined
  /** Where a shown document stands in the dataset's order: where the first stored document it shows stands. */
  position: (id: string) => number
}

export function perspectiveView(
  copy: DatasetCopy,
  perspective: Perspective,
  authenticated: boolean,
): PerspectiveView {
  const visible = (id: string) => authenticated || !isPrivateId(id)
  const stored = (id: string) => (visible(id) ? copy.get(id) : undefined)
  const position = (id: string) => copy.position(id)
  if (perspective === 'raw') return {document: stored, shownAs: (id) => id, position}
  if (perspective === 'published') {
    const shownAs = (id: string) => (isDraftId(id) || isVersionId(id) ? undefined : id)
    return {
      document: (id) => (shownAs(id) === undefined ? undefined : stored(id)),
      shownAs,
      position,
    }
  }
  const ownDocument = (id: string) => (isDraftId(id) || isVersionId(id) ? undefined : stored(id))
  return {
    document: (id) => {
      const draft = stored(`${DRAFTS_PREFIX}${id}`)
      if (draft) return {...draft, _id: id, _originalId: draft._id}
      return ownDocument(id)
    },
    shownAs: (id) => (isVersionId(id) ? undefined : publishedIdOf(id)),
    position: (id) =>
      Math.min(
        stored(`${DRAFTS_PREFIX}${id}`) ? copy.position(`${DRAFTS_PREFIX}${id}`) : Infinity,
        ownDocument(id) ? copy.position(id) : Infinity,
      ),
  }
}

/** The ids stored documents show under in the view (those it shows at all). */
export function shownIds(view: PerspectiveView, storedIds: Iterable<string>): Set<string> {
  const ids = new Set<string>()
  for (const storedId of storedIds) {
    const id = view.shownAs(storedId)
    if (id !== undefined) ids.add(id)
  }
  return ids
}

/**
 * The documents the view shows under these ids, in the dataset's order: one order for every reading (the whole
 * dataset or an index's part of it).
 */
export function shownDocuments(view: PerspectiveView, ids: Iterable<string>): StoredDocument[] {
  const shown = [...ids].flatMap((id) => {
    const doc = view.document(id)
    return doc ? [{doc, position: view.position(id)}] : []
  })
  return shown.sort((a, b) => a.position - b.position).map(({doc}) => doc)
}
