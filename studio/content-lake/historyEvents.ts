// The Events API's view of a document's life, derived from the transaction log: created, published,
// unpublished, draft discarded, deleted. Edits are not events; the Studio builds them from the transactions.
// Shapes are those Sanity Studio 6 reads (its `DocumentGroupEvent` types).
import {DRAFTS_PREFIX, publishedIdOf} from './documents.ts'
import type {DocumentEffects} from './effects.ts'
import type {LoggedTransaction} from './transactionLog.ts'

type EventCommon = {id: string; documentId: string; timestamp: string; author: string}

export type DocumentGroupEvent = EventCommon &
  (
    | {type: 'createDocumentVersion'; versionId: string; versionRevisionId: string; revisionId?: string}
    | {type: 'publishDocumentVersion'; revisionId: string; versionId: string; versionRevisionId?: string; publishCause: 'document.publish'}
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

/** The events of the document group `id` belongs to (its published and draft ids), newest first. */
export function documentGroupEvents(transactions: readonly LoggedTransaction[], id: string): DocumentGroupEvent[] {
  const publishedId = publishedIdOf(id)
  const draftId = `${DRAFTS_PREFIX}${publishedId}`
  let draftRevision: string | undefined
  const events: DocumentGroupEvent[] = []
  for (const transaction of transactions) {
    const published = effectState(transaction.effects[publishedId])
    const draft = effectState(transaction.effects[draftId])
    if (published === 'untouched' && draft === 'untouched') continue
    const common: EventCommon = {id: transaction.id, documentId: publishedId, timestamp: transaction.timestamp, author: transaction.author}
    const event = eventFor(common, published, draft, draftId, draftRevision)
    if (event) events.push(event)
    if (draft !== 'untouched') draftRevision = draft === 'deleted' ? undefined : transaction.id
  }
  return events.reverse()
}

function eventFor(
  common: EventCommon,
  published: EffectState,
  draft: EffectState,
  draftId: string,
  draftRevision: string | undefined,
): DocumentGroupEvent | undefined {
  const revision = common.id
  if (published === 'deleted') {
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
  if (draft === 'created') return {...common, type: 'createDocumentVersion', versionId: draftId, versionRevisionId: revision}
  if (draft === 'deleted') return {...common, type: 'deleteDocumentVersion', versionId: draftId, versionRevisionId: draftRevision ?? revision}
  if (published === 'created') {
    return {...common, type: 'createDocumentVersion', versionId: common.documentId, versionRevisionId: revision, revisionId: revision}
  }
  if (published === 'modified') {
    return {...common, type: 'publishDocumentVersion', revisionId: revision, versionId: common.documentId, publishCause: 'document.publish'}
  }
  return undefined
}
