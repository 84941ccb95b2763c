// Sanity's perspectives, applied before groq-js (which knows none) sees the documents.
import {badRequest} from './errors.ts'
import {
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
 * The documents a query sees. Without a token private (dotted) ids are dropped in every perspective;
 * `published` drops drafts and release versions; `drafts` lays each draft over its published document under
 * the published id. Other dotted ids (such as preview secrets) stay visible to a token in every perspective.
 */
export function documentsInPerspective(
  documents: Iterable<StoredDocument>,
  perspective: Perspective,
  authenticated: boolean,
): StoredDocument[] {
  const visible = [...documents].filter((doc) => authenticated || !isPrivateId(doc._id))
  if (perspective === 'raw') return visible
  if (perspective === 'published')
    return visible.filter((doc) => !isDraftId(doc._id) && !isVersionId(doc._id))

  const overlaid = new Map<string, StoredDocument>()
  for (const doc of visible) {
    if (isDraftId(doc._id)) {
      overlaid.set(publishedIdOf(doc._id), {
        ...doc,
        _id: publishedIdOf(doc._id),
        _originalId: doc._id,
      })
    } else if (!isVersionId(doc._id) && !overlaid.has(doc._id)) {
      overlaid.set(doc._id, doc)
    }
  }
  return [...overlaid.values()]
}
