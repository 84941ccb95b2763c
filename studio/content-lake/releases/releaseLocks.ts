// What may change in a release, whatever API a write comes through. Sanity locks a scheduled release: its
// documents cannot change until it is unscheduled (the Studio shows them read-only, core/releases' scheduled
// state; https://www.sanity.io/docs/user-guides/content-releases, "Scheduling a release"), and a published or
// archived release takes no documents at all. Release documents (`_.releases.<id>`, type `system.release`) are
// the release actions' own: a mutation may not write one, so no one can schedule a release in the past or mark
// it published by hand (https://www.sanity.io/docs/content-lake/content-release-document-flow). A release holds
// at most 1,000 documents, counted with what the same request adds (releaseLimits.ts).
import type {StoredDocument} from '../documents/documents.ts'
import {mutationError} from '../documents/errors.ts'
import type {WriteGuard} from '../writes/mutate.ts'
import {RELEASE_DOCUMENT_LIMIT} from './releaseLimits.ts'
import {
  isReleaseDocument,
  RELEASE_DOCUMENTS_PREFIX,
  releaseDocumentId,
  releaseVersions,
  versionParts,
} from '../documents/releaseDocuments.ts'

/** A refusal: the status, Sanity's error type and the words. */
export type Refusal = {status: number; type: string; description: string}

export const isReleaseDocumentId = (id: string) => id.startsWith(RELEASE_DOCUMENTS_PREFIX)

export const releaseDocumentRefusal = (id: string): Refusal => ({
  status: 403,
  type: 'permissionDeniedError',
  description: `"${id}" is a release: it changes only through release actions (sanity.action.release.*)`,
})

/** Why the documents of `releaseId` cannot change now, or undefined when they can (it is active). */
export function releaseLock(
  documents: ReadonlyMap<string, StoredDocument>,
  releaseId: string,
): Refusal | undefined {
  const release = documents.get(releaseDocumentId(releaseId))
  if (!isReleaseDocument(release))
    return {status: 404, type: 'notFoundError', description: `Release "${releaseId}" was not found`}
  if (release.state === 'scheduled')
    return {
      status: 409,
      type: 'releaseLockedError',
      description: `Release "${releaseId}" is scheduled: its documents are locked until it is unscheduled`,
    }
  if (release.state !== 'active')
    return {
      status: 409,
      type: 'releaseLockedError',
      description: `Release "${releaseId}" is ${release.state}: its documents cannot change`,
    }
  return undefined
}

/** Counts a request's versions against each release's limit, from what the release held before it. */
export function releaseDocumentCounter(documents: ReadonlyMap<string, StoredDocument>) {
  const counts = new Map<string, number>()
  const countOf = (releaseId: string) =>
    counts.get(releaseId) ?? releaseVersions(documents, releaseId).length
  return {
    /** A version added to `releaseId`: the refusal when it would pass the limit. */
    added(releaseId: string): Refusal | undefined {
      const count = countOf(releaseId)
      if (count >= RELEASE_DOCUMENT_LIMIT)
        return {
          status: 409,
          type: 'releaseDocumentLimitError',
          description: `Release "${releaseId}" already holds ${RELEASE_DOCUMENT_LIMIT} documents, the most a release may`,
        }
      counts.set(releaseId, count + 1)
      return undefined
    },
    removed(releaseId: string) {
      counts.set(releaseId, countOf(releaseId) - 1)
    },
  }
}

/**
 * The guard of `/data/mutate`: no release document, no document of a release that is not active, no release
 * past its document limit. Mutations cannot change a release's state, so the state before is the state throughout.
 */
export function mutationGuard(documents: ReadonlyMap<string, StoredDocument>): WriteGuard {
  const counter = releaseDocumentCounter(documents)
  const refuse = (index: number, {status, type, description}: Refusal) => {
    throw mutationError(status, index, type, description)
  }
  return ({id, before, after, index}) => {
    if (isReleaseDocumentId(id)) refuse(index, releaseDocumentRefusal(id))
    const parts = versionParts(id)
    if (!parts) return
    const lock = releaseLock(documents, parts.releaseId)
    if (lock) refuse(index, lock)
    if (!before && after) {
      const overLimit = counter.added(parts.releaseId)
      if (overLimit) refuse(index, overLimit)
    }
    if (before && !after) counter.removed(parts.releaseId)
  }
}
