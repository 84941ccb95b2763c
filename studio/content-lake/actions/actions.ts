// Sanity's Actions API (what the Studio 6 sends for every edit and publish), turned into the lake's own
// mutations so one transaction engine, one commit path and one set of webhooks serve both APIs.
import {
  type Action,
  type ActionContext,
  actionError,
  object,
  type RequestTally,
  text,
  withoutSystemFields,
} from './actionInput.ts'
import {badRequest} from '../documents/errors.ts'
import {DRAFTS_PREFIX} from '../documents/documents.ts'
import type {MutationInput} from '../writes/mutate.ts'
import {patchProblem} from '../writes/patches.ts'
import {releaseActionMutations} from './releaseActions.ts'
import {activeReleaseCount} from '../releases/releaseLimits.ts'
import {
  isReleaseDocumentId,
  releaseDocumentCounter,
  releaseDocumentRefusal,
  releaseLock,
} from '../releases/releaseLocks.ts'
import {versionParts} from '../documents/releaseDocuments.ts'
import {versionActionMutations} from './versionActions.ts'

const isAction = (value: unknown): value is Action =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The mutations that carry out `actions`, given the documents as they are now. */
export function actionsToMutations(body: unknown, context: ActionContext): MutationInput[] {
  const read = (id: string) => context.documents.get(id)
  const actions = (body as {actions?: unknown} | null)?.actions
  if (!Array.isArray(actions) || actions.length === 0)
    throw badRequest('The body must be {"actions": [...]} with at least one action')
  const tally: RequestTally = {
    activeReleases: activeReleaseCount(context.documents),
    createdReleases: new Set(),
    versions: releaseDocumentCounter(context.documents),
  }
  return checkedOnce(
    actions.flatMap((action: unknown, index): MutationInput[] => actionMutations(action, index)),
  )

  function actionMutations(action: unknown, index: number): MutationInput[] {
    if (!isAction(action))
      throw actionError(400, index, `Action ${index} must be an object with an actionType`)
    if (typeof action.actionType === 'string') {
      if (action.actionType.startsWith('sanity.action.release.'))
        return releaseActionMutations(action, index, context, tally)
      if (action.actionType.startsWith('sanity.action.document.version.'))
        return versionActionMutations(action, index, context, tally)
    }
    return lockedOut(documentActionMutations(action, index), index)
  }

  /**
   * A document action (edit, publish, discard…) may name any id: not a release's document, nor a document of a
   * release that is not active (releaseLocks.ts); a version it adds counts against its release's limit.
   */
  function lockedOut(mutations: MutationInput[], index: number): MutationInput[] {
    for (const mutation of mutations) {
      const id = targetOf(mutation)
      if (!id) continue
      if (isReleaseDocumentId(id)) throw refusal(index, releaseDocumentRefusal(id))
      const parts = versionParts(id)
      if (!parts || tally.createdReleases.has(parts.releaseId)) continue
      const lock = releaseLock(context.documents, parts.releaseId)
      if (lock) throw refusal(index, lock)
      const creates = !('patch' in mutation) && !('delete' in mutation) && !read(id)
      const overLimit = creates ? tally.versions.added(parts.releaseId) : undefined
      if (overLimit) throw refusal(index, overLimit)
    }
    return mutations
  }

  function documentActionMutations(action: Action, index: number): MutationInput[] {
    switch (action.actionType) {
      case 'sanity.action.document.create': {
        const publishedId = text(action, 'publishedId', index)
        const attributes = object(action, 'attributes', index)
        const id =
          typeof attributes._id === 'string' ? attributes._id : `${DRAFTS_PREFIX}${publishedId}`
        if (read(id) && action.ifExists !== 'ignore')
          throw actionError(409, index, `Document "${id}" already exists`)
        return [{createIfNotExists: {...attributes, _id: id}}]
      }
      case 'sanity.action.document.edit': {
        const draftId = text(action, 'draftId', index)
        const publishedId = text(action, 'publishedId', index)
        const patch = object(action, 'patch', index)
        const problem = patchProblem(patch)
        if (problem) throw actionError(400, index, problem)
        const base = read(draftId) ?? read(publishedId)
        if (!base)
          throw actionError(
            409,
            index,
            `Cannot edit "${publishedId}": it has no draft and is not published`,
          )
        return [
          {createIfNotExists: withoutSystemFields(base, draftId)},
          {patch: {...patch, id: draftId}},
        ]
      }
      case 'sanity.action.document.publish': {
        const draftId = text(action, 'draftId', index)
        const publishedId = text(action, 'publishedId', index)
        const draft = read(draftId)
        if (!draft)
          throw actionError(409, index, `Cannot publish "${publishedId}": it has no draft`)
        if (action.ifDraftRevisionId !== undefined && action.ifDraftRevisionId !== draft._rev) {
          throw actionError(
            409,
            index,
            `The draft of "${publishedId}" has changed since revision ${String(action.ifDraftRevisionId)}`,
          )
        }
        const published = read(publishedId)
        if (
          action.ifPublishedRevisionId !== undefined &&
          action.ifPublishedRevisionId !== published?._rev
        ) {
          throw actionError(
            409,
            index,
            `"${publishedId}" has been published since revision ${String(action.ifPublishedRevisionId)}`,
          )
        }
        return [{createOrReplace: withoutSystemFields(draft, publishedId)}, {delete: {id: draftId}}]
      }
      case 'sanity.action.document.discard':
        return [{delete: {id: text(action, 'draftId', index)}}]
      case 'sanity.action.document.unpublish': {
        const draftId = text(action, 'draftId', index)
        const published = read(text(action, 'publishedId', index))
        if (!published)
          throw actionError(
            409,
            index,
            `Cannot unpublish "${String(action.publishedId)}": it is not published`,
          )
        return [
          {createIfNotExists: withoutSystemFields(published, draftId)},
          {delete: {id: published._id}},
        ]
      }
      case 'sanity.action.document.delete': {
        const publishedId = text(action, 'publishedId', index)
        const drafts = Array.isArray(action.includeDrafts)
          ? action.includeDrafts.filter((id) => typeof id === 'string')
          : []
        return [publishedId, ...drafts].map((id) => ({delete: {id}}))
      }
      case 'sanity.action.document.replaceDraft': {
        const publishedId = text(action, 'publishedId', index)
        return [
          {
            createOrReplace: {
              ...object(action, 'attributes', index),
              _id: `${DRAFTS_PREFIX}${publishedId}`,
            },
          },
        ]
      }
      default:
        throw actionError(400, index, `Unknown action type "${String(action.actionType)}"`)
    }
  }
}

const refusal = (index: number, {status, description}: {status: number; description: string}) =>
  actionError(status, index, description)

/** The one document a mutation names by id (a delete or patch by query names none). */
const targetOf = (mutation: MutationInput) =>
  'patch' in mutation
    ? mutation.patch.id
    : 'delete' in mutation
      ? mutation.delete.id
      : Object.values(mutation)[0]?._id

/**
 * The actions of one request are one transaction, each after the one before (Sanity's Actions API,
 * https://www.sanity.io/docs/http-reference/actions): a document an earlier action wrote has a new revision only
 * inside it, so a later action's revision check on it (the release actions make one) is the earlier action's.
 */
function checkedOnce(mutations: MutationInput[]): MutationInput[] {
  const written = new Set<string>()
  return mutations.map((mutation) => {
    const id = targetOf(mutation)
    const checked =
      'patch' in mutation && id && written.has(id)
        ? {patch: {...mutation.patch, ifRevisionID: undefined}}
        : mutation
    if (id) written.add(id)
    return checked
  })
}
