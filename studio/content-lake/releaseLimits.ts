// How many releases may be active at once, and the project endpoint the Studio asks before it creates, archives
// or unarchives one: `GET /vX/projects/<id>/new-content-release-allowed`, answered `{data: {…}}`, and a 403
// with the same body once the limit is reached (Studio core/releases/contexts/upsell/fetchReleaseLimits.ts). A
// create over the limit is refused with `details.type: "releaseLimitExceededError"` and the limit (Studio
// core/releases/store/isReleaseLimitError.ts).
import {send} from '@quantedge/server-kit/send'
import type {StoredDocument} from './documents.ts'
import {LakeError} from './errors.ts'
import type {LakeRequest} from './lakeRequest.ts'
import {releaseDocuments} from './releases.ts'

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

/** `/projects/<id>/new-content-release-allowed`: the counts and limits, 403 when no release may be added. */
export function newReleaseAllowed({res, lake}: LakeRequest) {
  const counts = lake.store
    .datasetNames()
    .map((dataset) => activeReleaseCount(lake.store.documents(dataset)))
  const active = counts.reduce((sum, count) => sum + count, 0)
  const data = {
    orgActiveReleaseCount: active,
    orgMeteredActiveReleaseCount: active,
    datasetReleaseLimit: ACTIVE_RELEASE_LIMIT,
    orgActiveReleaseLimit: ACTIVE_RELEASE_LIMIT,
  }
  send(res, active < ACTIVE_RELEASE_LIMIT ? 200 : 403, {data})
}
