// Sanity's perspectives, applied before groq-js (which knows none) sees the documents: `raw`, `published`,
// `drafts`, a release id, or a stack of them, highest first, `perspective=rA,rB,drafts` (@sanity/client 8
// src/types.ts `ClientPerspective`, src/data/dataMethods.ts joins an array with commas; config.ts
// `validateApiPerspective` refuses `raw` in a stack). Published documents are the bottom of every stack.
import type {DatasetCopy} from './datasetCopy.ts'
import {badRequest} from '../documents/errors.ts'
import {DRAFTS_PREFIX, isDraftId, isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {unpublishesOnRelease, versionIdOf, versionParts} from '../documents/releaseDocuments.ts'

/** `raw`, or the layers laid over published documents, highest first: `drafts` or a release id. */
export type Perspective = 'raw' | readonly string[]

/** From API version 2025-02-19 on, a query without a perspective reads published documents. */
export const PUBLISHED_BY_DEFAULT_FROM = '2025-02-19'

const RELEASE_NAME = /^[a-zA-Z0-9_-]+$/

export function parsePerspective(value: string | null, apiVersion: string): Perspective {
  if (value === null || value === '') {
    return apiVersion >= PUBLISHED_BY_DEFAULT_FROM ? [] : 'raw'
  }
  const names = value.split(',').map((name) => name.trim())
  if (names.length === 1 && names[0] === 'raw') return 'raw'
  if (names.includes('raw'))
    throw badRequest(
      'Invalid perspective "raw": the raw perspective can not be combined with other perspectives',
    )
  const layers = names.flatMap((name): string[] => {
    if (name === 'published') return []
    if (name === 'drafts' || name === 'previewDrafts') return ['drafts']
    if (RELEASE_NAME.test(name)) return [name]
    throw badRequest(
      `Invalid perspective "${name}": use raw, published, drafts or release ids, separated by commas`,
    )
  })
  return [...new Set(layers)]
}

/** The perspective as text, for a cache key. */
export const perspectiveKey = (perspective: Perspective) =>
  perspective === 'raw' ? 'raw' : `[${perspective.join(',')}]`

/**
 * A dataset as a perspective shows it, one document per id. Without a token private (dotted) ids are dropped in
 * every perspective; a stack shows each document as its highest layer holds it (a draft or a release's
 * version, with `_originalId` naming the stored one), else as published, and hides drafts and versions of
 * layers it does not name; a version that unpublishes its document hides it. Other dotted ids (such as preview
 * secrets, or release documents for `releases::all()`) stay visible to a token in every perspective.
 */
export type PerspectiveView = {
  /** The document the perspective shows under `id`, if any. */
  document: (id: string) => StoredDocument | undefined
  /** The id under which a stored document may show, if it may show at all. */
  shownAs: (storedId: string) => string | undefined
  /**
   * The document shown under `id` and where it stands in the dataset's order: where the first stored document
   * it shows stands (one call, as a narrowed reading asks it of thousands of ids per query).
   */
  shown: (id: string) => ShownDocument | undefined
}

export type ShownDocument = {readonly doc: StoredDocument; readonly position: number}

export function perspectiveView(
  copy: DatasetCopy,
  perspective: Perspective,
  authenticated: boolean,
): PerspectiveView {
  const visible = (id: string) => authenticated || !isPrivateId(id)
  const stored = (id: string) => (visible(id) ? copy.get(id) : undefined)
  // A stored document is shown as it is: its entry in the copy holds it with its place.
  if (perspective === 'raw')
    return {
      document: stored,
      shownAs: (id) => id,
      shown: (id) => (visible(id) ? copy.entry(id) : undefined),
    }
  const layers = perspective
  const layerId = (layer: string, id: string) =>
    layer === 'drafts' ? `${DRAFTS_PREFIX}${id}` : versionIdOf(layer, id)
  const isOwnId = (id: string) => !isDraftId(id) && !versionParts(id)
  const ownDocument = (id: string) => (isOwnId(id) ? stored(id) : undefined)
  const shownAs = (id: string) => {
    if (isDraftId(id)) return layers.includes('drafts') ? id.slice(DRAFTS_PREFIX.length) : undefined
    const version = versionParts(id)
    if (version) return layers.includes(version.releaseId) ? version.documentId : undefined
    return id.startsWith('versions.') ? undefined : id
  }
  const document = (id: string) => {
    for (const layer of layers) {
      const doc = stored(layerId(layer, id))
      if (doc)
        return unpublishesOnRelease(doc) ? undefined : {...doc, _id: id, _originalId: doc._id}
    }
    return ownDocument(id)
  }
  // Published documents alone: a document is shown as it is stored.
  if (layers.length === 0)
    return {
      document,
      shownAs,
      shown: (id) => (isOwnId(id) && visible(id) ? copy.entry(id) : undefined),
    }
  /** The first place any stored document shown under `id` (in any layer, or published) has. */
  const position = (id: string) => {
    let first = Number.POSITIVE_INFINITY
    for (const layer of layers) {
      const doc = stored(layerId(layer, id))
      if (doc) first = Math.min(first, copy.position(doc._id))
    }
    const own = ownDocument(id)
    return own ? Math.min(first, copy.position(own._id)) : first
  }
  return {
    document,
    shownAs,
    shown: (id) => {
      const doc = document(id)
      return doc ? {doc, position: position(id)} : undefined
    },
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
  const shown: ShownDocument[] = []
  for (const id of ids) {
    const each = view.shown(id)
    if (each) shown.push(each)
  }
  return shown.sort((a, b) => a.position - b.position).map(({doc}) => doc)
}
