// The Events API's view of a document's life, derived from the transaction log: created, published,
// unpublished, draft discarded, deleted. Edits are not events; the Studio builds them from the transactions.
// Shapes are those Sanity Studio 6 reads (its `DocumentGroupEvent` types).
import {DRAFTS_PREFIX, publishedIdOf} from '../documents/documents.ts'
import type {DocumentEffects} from '../store/effects.ts'
import {releaseDocumentId, versionParts} from '../documents/releaseDocuments.ts'
import type {LoggedTransaction} from '../store/transactionLog.ts'

type EventCommon = {id: string; documentId: string; timestamp: string; author: string}

export type DocumentGroupEvent = EventCommon &
  (
    | {
        type: 'createDocumentVersion'
        versionId: string
        versionRevisionId: string
        revisionId?: string
      }
    | {
        type: 'publishDocumentVersion'
        revisionId: string
        versionId: string
        versionRevisionId?: string
        releaseId?: string
        publishCause: 'document.publish' | 'release.publish' | 'release.schedule'
      }
    | {type: 'unpublishDocument'; versionId: string; versionRevisionId: string}
    | {type: 'deleteDocumentVersion'; versionId: string; versionRevisionId: string}
    | {type: 'deleteDocumentGroup'}
  )

type EffectState = 'created' | 'deleted' | 'modified' | 'untouched'

const isWholeNull = (patch: DocumentEffects['apply']) => patch[0] === 0 && patch[1] === null

function effectState(effects: DocumentEffects | undefined): EffectState {
  if (!effects) return 'untouched'
  if (isWholeNull(effects.apply)) return 'deleted'
  return isWholeNull(effects.revert) ? 'created' : 'modified'
}

/** Where the group stands before a transaction: the draft's last revision, and whether it is published. */
type GroupState = {draftId: string; draftRevision: string | undefined; published: boolean}

/**
 * The events of the document group `id` belongs to (its published and draft ids), newest first.
 * `publishedNow` tells whether the published document exists, for a group the log saw no publish of.
 */
export function documentGroupEvents(
  transactions: readonly LoggedTransaction[],
  id: string,
  publishedNow: boolean,
): DocumentGroupEvent[] {
  const publishedId = publishedIdOf(id)
  const touching = transactions.filter(
    ({effects}) => publishedId in effects || `${DRAFTS_PREFIX}${publishedId}` in effects,
  )
  const firstPublished = touching
    .map(({effects}) => effectState(effects[publishedId]))
    .find((state) => state !== 'untouched')
  const group: GroupState = {
    draftId: `${DRAFTS_PREFIX}${publishedId}`,
    draftRevision: undefined,
    published: firstPublished ? firstPublished !== 'created' : publishedNow,
  }
  const events: DocumentGroupEvent[] = []
  for (const transaction of touching) {
    const published = effectState(transaction.effects[publishedId])
    const draft = effectState(transaction.effects[group.draftId])
    const common: EventCommon = {
      id: transaction.id,
      documentId: publishedId,
      timestamp: transaction.timestamp,
      author: transaction.author,
    }
    const event =
      releasePublish(transaction, common, published) ?? eventFor(common, published, draft, group)
    if (event) events.push(event)
    if (draft !== 'untouched')
      group.draftRevision = draft === 'deleted' ? undefined : transaction.id
    if (published !== 'untouched') group.published = published !== 'deleted'
  }
  return events.reverse()
}

/**
 * A release's publish (its version of the document removed as the published document changes): Studio's
 * `PublishDocumentVersionEvent` with the release's id and `release.publish`, or `release.schedule` when the
 * release was published at its scheduled time.
 */
function releasePublish(
  transaction: LoggedTransaction,
  common: EventCommon,
  published: EffectState,
): DocumentGroupEvent | undefined {
  if (published !== 'created' && published !== 'modified') return undefined
  const versionId = Object.keys(transaction.effects).find(
    (id) =>
      versionParts(id)?.documentId === common.documentId &&
      effectState(transaction.effects[id]) === 'deleted',
  )
  const releaseId = versionId ? versionParts(versionId)?.releaseId : undefined
  if (!versionId || !releaseId) return undefined
  const release = transaction.documents[releaseDocumentId(releaseId)]
  return {
    ...common,
    type: 'publishDocumentVersion',
    revisionId: common.id,
    versionId,
    releaseId,
    publishCause: release?.publishAt ? 'release.schedule' : 'release.publish',
  }
}

function eventFor(
  common: EventCommon,
  published: EffectState,
  draft: EffectState,
  group: GroupState,
): DocumentGroupEvent | undefined {
  const {draftId, draftRevision} = group
  const revision = common.id
  // Deleting the draft of a document that was never published deletes the document.
  if (
    published === 'deleted' ||
    (draft === 'deleted' && published === 'untouched' && !group.published)
  ) {
    return draft === 'created'
      ? {...common, type: 'unpublishDocument', versionId: draftId, versionRevisionId: revision}
      : {...common, type: 'deleteDocumentGroup'}
  }
  if (published !== 'untouched' && draft === 'deleted') {
    return {
      ...common,
      type: 'publishDocumentVersion',
      revisionId: revision,
      versionId: draftId,
      ...(draftRevision ? {versionRevisionId: draftRevision} : {}),
      publishCause: 'document.publish',
    }
  }
  if (draft === 'created')
    return {
      ...common,
      type: 'createDocumentVersion',
      versionId: draftId,
      versionRevisionId: revision,
    }
  if (draft === 'deleted')
    return {
      ...common,
      type: 'deleteDocumentVersion',
      versionId: draftId,
      versionRevisionId: draftRevision ?? revision,
    }
  if (published === 'created') {
    return {
      ...common,
      type: 'createDocumentVersion',
      versionId: common.documentId,
      versionRevisionId: revision,
      revisionId: revision,
    }
  }
  if (published === 'modified') {
    return {
      ...common,
      type: 'publishDocumentVersion',
      revisionId: revision,
      versionId: common.documentId,
      publishCause: 'document.publish',
    }
  }
  return undefined
}
