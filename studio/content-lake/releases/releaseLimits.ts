// How many releases may be active at once, and how many documents a release may hold. A create over the active
// limit is refused with `details.type: "releaseLimitExceededError"` and the limit (Studio
// core/releases/store/isReleaseLimitError.ts); the Studio asks the project endpoint first (projects.ts,
// `newReleaseAllowed`).
import type {StoredDocument} from '../documents/documents.ts'
import {LakeError} from '../documents/errors.ts'
import {releaseDocuments} from '../documents/releaseDocuments.ts'

/** Active (or scheduled) releases a dataset, and the project, may hold at once. */
export const ACTIVE_RELEASE_LIMIT = 100

/** A release's documents at most (https://www.sanity.io/docs/content-lake/content-release-document-flow). */
export const RELEASE_DOCUMENT_LIMIT = 1000

export function activeReleaseCount(documents: ReadonlyMap<string, StoredDocument>) {
  return releaseDocuments(documents).filter(
    (release) => release.state === 'active' || release.state === 'scheduled',
  ).length
}

export const releaseLimitExceeded = (index: number) => {
  const description = `The limit of ${ACTIVE_RELEASE_LIMIT} active releases has been reached`
  const error = {type: 'releaseLimitExceededError', description, limit: ACTIVE_RELEASE_LIMIT}
  return new LakeError(403, {error: {...error, items: [{index, error}]}}, description)
}
