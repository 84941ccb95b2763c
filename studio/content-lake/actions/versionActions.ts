// The version actions of Sanity's Actions API, `sanity.action.document.version.*` (@sanity/client 8
// src/types.ts `VersionAction`): a document's version in a release (`versions.<releaseId>.<id>`), or its draft,
// which the Studio also names as a version. A version goes only into a release that exists and can still change
// (active), under its own document's id, and a version made from a base needs that base to exist.
import {
  type Action,
  type ActionContext,
  actionError,
  object,
  type RequestTally,
  text,
  withoutSystemFields,
} from './actionInput.ts'
import {isDraftId, publishedIdOf} from '../documents/documents.ts'
import type {MutationInput} from '../writes/mutate.ts'
import {releaseLock} from '../releases/releaseLocks.ts'
import {versionParts} from '../documents/releaseDocuments.ts'

/**
 * Refuses a version id that is not `drafts.<publishedId>` or `versions.<an active release>.<publishedId>`
 * (releaseLocks.ts), and a new version past its release's limit (counting the request's own).
 */
function checkVersionId(
  versionId: string,
  publishedId: string | undefined,
  index: number,
  context: ActionContext,
  tally: RequestTally,
) {
  const parts = versionParts(versionId)
  const documentId =
    parts?.documentId ?? (isDraftId(versionId) ? publishedIdOf(versionId) : undefined)
  if (documentId === undefined)
    throw actionError(
      400,
      index,
      `"${versionId}" is not a version id: use versions.<releaseId>.<documentId> or drafts.<documentId>`,
    )
  if (publishedId !== undefined && documentId !== publishedId)
    throw actionError(
      400,
      index,
      `Version "${versionId}" is outside its document: its id must end in "${publishedId}"`,
    )
  if (!parts || tally.createdReleases.has(parts.releaseId)) return
  const lock = releaseLock(context.documents, parts.releaseId)
  if (lock) throw actionError(lock.status, index, lock.description)
  const overLimit = context.documents.has(versionId)
    ? undefined
    : tally.versions.added(parts.releaseId)
  if (overLimit) throw actionError(overLimit.status, index, overLimit.description)
}

export function versionActionMutations(
  action: Action,
  index: number,
  context: ActionContext,
  tally: RequestTally,
): MutationInput[] {
  const read = (id: string) => context.documents.get(id)
  switch (action.actionType) {
    case 'sanity.action.document.version.create': {
      const publishedId = text(action, 'publishedId', index)
      if (action.document !== undefined) {
        const document = object(action, 'document', index)
        const id = text(document, '_id', index)
        checkVersionId(id, publishedId, index, context, tally)
        return [{create: {...document, _id: id}}]
      }
      const versionId = text(action, 'versionId', index)
      checkVersionId(versionId, publishedId, index, context, tally)
      const base = read(text(action, 'baseId', index))
      if (!base)
        throw actionError(
          409,
          index,
          `Cannot create "${versionId}": its base document does not exist`,
        )
      if (action.ifBaseRevisionId !== undefined && action.ifBaseRevisionId !== base._rev) {
        throw actionError(
          409,
          index,
          `The base of "${versionId}" has changed since revision ${String(action.ifBaseRevisionId)}`,
        )
      }
      return [{create: withoutSystemFields(base, versionId)}]
    }
    // "Discard changes" on a draft is a version discard too; a release's version must exist to be discarded.
    case 'sanity.action.document.version.discard': {
      const versionId = text(action, 'versionId', index)
      const parts = versionParts(versionId)
      if (parts) {
        checkVersionId(versionId, undefined, index, context, tally)
        if (!read(versionId))
          throw actionError(409, index, `Cannot discard "${versionId}": it does not exist`)
        tally.versions.removed(parts.releaseId)
      }
      return [{delete: {id: versionId}}]
    }
    case 'sanity.action.document.version.replace': {
      const document = object(action, 'document', index)
      const id = text(document, '_id', index)
      if (versionParts(id)) checkVersionId(id, undefined, index, context, tally)
      if (!read(id)) throw actionError(409, index, `Cannot replace "${id}": it does not exist`)
      return [{createOrReplace: {...document, _id: id}}]
    }
    // The version is kept, marked to unpublish its document when the release is published
    // (`_system.delete`, as the Studio's isGoingToUnpublish reads it).
    case 'sanity.action.document.version.unpublish': {
      const versionId = text(action, 'versionId', index)
      const publishedId = text(action, 'publishedId', index)
      if (!versionParts(versionId))
        throw actionError(400, index, `"${versionId}" is not a version in a release`)
      checkVersionId(versionId, publishedId, index, context, tally)
      const published = read(publishedId)
      if (!published)
        throw actionError(409, index, `Cannot unpublish "${publishedId}": it is not published`)
      const base = read(versionId) ?? published
      return [
        {
          createOrReplace: {
            ...withoutSystemFields(base, versionId),
            _system: {...(base._system as object | undefined), delete: true},
          },
        },
      ]
    }
    default:
      throw actionError(400, index, `Unknown action type "${String(action.actionType)}"`)
  }
}
