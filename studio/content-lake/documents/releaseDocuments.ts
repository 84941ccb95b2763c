// Content releases as Sanity stores them: a release is the system document `_.releases.<releaseId>` of
// `_type: "system.release"`, and a document's version in it is `versions.<releaseId>.<documentId>`
// (@sanity/client 8 src/types.ts `ReleaseDocument`, src/releases/ReleasesClient.ts; Studio's
// core/releases/store/constants.ts `RELEASE_DOCUMENTS_PATH`). A version marked `_system.delete` unpublishes its
// document when the release is published (Studio's `isGoingToUnpublish`).
import type {ReleaseDocument as ClientReleaseDocument} from '@sanity/client'
import type {StoredDocument} from './documents.ts'

export const RELEASE_DOCUMENT_TYPE = 'system.release'
export const RELEASE_DOCUMENTS_PREFIX = '_.releases.'
export const VERSIONS_PREFIX = 'versions.'

/** The states the lake moves a release through; it passes through none of @sanity/client's `…ing` states. */
export type ReleaseState = Extract<
  ClientReleaseDocument['state'],
  'active' | 'scheduled' | 'published' | 'archived'
>

/** A stored release document, in @sanity/client's shape. */
export type ReleaseDocument = StoredDocument &
  Pick<
    ClientReleaseDocument,
    'name' | 'publishAt' | 'publishedAt' | 'error' | 'finalDocumentStates' | 'metadata'
  > & {_type: typeof RELEASE_DOCUMENT_TYPE; state: ReleaseState}

export const releaseDocumentId = (releaseId: string) => `${RELEASE_DOCUMENTS_PREFIX}${releaseId}`

export const isReleaseDocument = (doc: StoredDocument | undefined): doc is ReleaseDocument =>
  doc?._type === RELEASE_DOCUMENT_TYPE && doc._id.startsWith(RELEASE_DOCUMENTS_PREFIX)

/**
 * A dataset's release documents, in the dataset's order, found by their ids alone (a dataset is keyed by `_id`):
 * the store may not have parsed its other documents yet (storedDocuments.ts).
 */
export function releaseDocuments(
  documents: ReadonlyMap<string, StoredDocument>,
): ReleaseDocument[] {
  const releases: ReleaseDocument[] = []
  for (const id of documents.keys()) {
    const doc = id.startsWith(RELEASE_DOCUMENTS_PREFIX) ? documents.get(id) : undefined
    if (isReleaseDocument(doc)) releases.push(doc)
  }
  return releases
}

export const versionIdOf = (releaseId: string, documentId: string) =>
  `${VERSIONS_PREFIX}${releaseId}.${documentId}`

/** `versions.<releaseId>.<documentId>` read apart, or undefined for any other id. */
export function versionParts(id: string): {releaseId: string; documentId: string} | undefined {
  if (!id.startsWith(VERSIONS_PREFIX)) return undefined
  const rest = id.slice(VERSIONS_PREFIX.length)
  const dot = rest.indexOf('.')
  if (dot <= 0 || dot === rest.length - 1) return undefined
  return {releaseId: rest.slice(0, dot), documentId: rest.slice(dot + 1)}
}

/** Whether a version unpublishes its document when its release is published. */
export const unpublishesOnRelease = (doc: StoredDocument) =>
  (doc._system as {delete?: unknown} | undefined)?.delete === true

/** The versions a release holds, in the dataset's order. */
export function releaseVersions(
  documents: ReadonlyMap<string, StoredDocument>,
  releaseId: string,
): StoredDocument[] {
  const prefix = `${VERSIONS_PREFIX}${releaseId}.`
  return [...documents.values()].filter((doc) => doc._id.startsWith(prefix))
}
