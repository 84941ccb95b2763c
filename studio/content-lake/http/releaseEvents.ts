// `GET /data/history/<dataset>/events/releases/<releaseId>?limit=&nextCursor=`: a release's activity as the
// Releases tool reads it from the Events API when `beta.eventsAPI.releases` is on (Studio core/releases/tool/
// detail/events/getReleaseActivityEvents.ts; the event shapes are its types.ts `ReleaseEvent`), answered
// `{events, nextCursor}`, newest first, from the transaction log. Without that flag the tool reads the release's
// transactions (`/history/<dataset>/transactions/_.releases.<id>`, history.ts) instead.
import {send} from '@quantedge/server-kit/send'
import {datasetOf} from './dataApi.ts'
import {badRequest, unauthorized} from '../documents/errors.ts'
import {wholeNumber} from './history.ts'
import type {LakeRequest} from './lakeRequest.ts'
import {
  isReleaseDocument,
  releaseDocumentId,
  type ReleaseState,
  versionParts,
} from '../documents/releaseDocuments.ts'
import type {LoggedTransaction} from '../store/transactionLog.ts'

type ReleaseEvent = {type: string; timestamp: string; author: string; releaseName: string} & Record<
  string,
  unknown
>

const DEFAULT_LIMIT = 100

/** The event a change of the release document's state is, if any. */
function stateEvent(
  before: ReleaseState | undefined,
  after: ReleaseState | undefined,
  publishAt: unknown,
): {type: string; [field: string]: unknown} | undefined {
  if (before === after) return undefined
  if (before === undefined) return {type: 'createRelease'}
  if (after === 'scheduled') return {type: 'scheduleRelease', publishAt}
  if (after === 'published') return {type: 'publishRelease'}
  if (after === 'archived') return {type: 'archiveRelease'}
  if (before === 'archived' && after === 'active') return {type: 'unarchiveRelease'}
  if (before === 'scheduled' && after === 'active') return {type: 'unscheduleRelease'}
  return undefined
}

/** The release's events, oldest first. */
export function releaseEvents(
  transactions: readonly LoggedTransaction[],
  releaseId: string,
): ReleaseEvent[] {
  const releaseDoc = releaseDocumentId(releaseId)
  let state: ReleaseState | undefined
  const present = new Map<string, string>()
  return transactions.flatMap((transaction) => {
    const common = {
      timestamp: transaction.timestamp,
      author: transaction.author,
      releaseName: releaseId,
    }
    const events: ReleaseEvent[] = []
    const release = transaction.documents[releaseDoc]
    const after = isReleaseDocument(release ?? undefined) ? release?.state : undefined
    const releaseChanged = releaseDoc in transaction.documents
    const closing = releaseChanged && (after === 'published' || after === 'archived' || !release)
    if (releaseChanged) {
      const event = stateEvent(state, after as ReleaseState | undefined, release?.publishAt)
      if (event) events.push({...common, ...event})
      state = after as ReleaseState | undefined
    }
    for (const [id, doc] of Object.entries(transaction.documents)) {
      const parts = versionParts(id)
      if (parts?.releaseId !== releaseId) continue
      const version = {documentId: parts.documentId, versionId: id}
      if (doc && !present.has(id)) {
        events.push({
          ...common,
          type: 'addDocumentToRelease',
          ...version,
          documentType: doc._type,
          revisionId: transaction.id,
          versionRevisionId: doc._rev,
        })
      } else if (!doc && present.has(id) && !closing) {
        events.push({
          ...common,
          type: 'discardDocumentFromRelease',
          ...version,
          documentType: present.get(id),
          versionRevisionId: transaction.id,
        })
      }
      if (doc) present.set(id, doc._type)
      else present.delete(id)
    }
    return events
  })
}

export function answerReleaseEvents(request: LakeRequest) {
  const dataset = datasetOf(request)
  if (!request.authenticated) throw unauthorized('History needs a token')
  const releaseId = request.params[0] ?? ''
  if (releaseId === '' || releaseId.includes('/'))
    throw badRequest('Give one release id: /data/history/<dataset>/events/releases/<releaseId>')
  const limit = wholeNumber(request.search, 'limit', DEFAULT_LIMIT)
  const start = wholeNumber(request.search, 'nextCursor', 0, 0)
  const all = releaseEvents(request.lake.log.transactions(dataset), releaseId).reverse()
  const more = all.length > start + limit
  send(request.res, 200, {
    events: all.slice(start, start + limit),
    nextCursor: more ? String(start + limit) : '',
  })
}
