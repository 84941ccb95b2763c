// The version actions of Sanity's Actions API, `sanity.action.document.version.*` (@sanity/client 8
// src/types.ts `VersionAction`): a document's version in a release (`versions.<releaseId>.<id>`), or its draft,
// which the Studio also names as a version. A version goes only into a release that exists and can still change
// (active), under its own document's id, and a version made from a base needs that base to exist.
import {
  type Action,
  type ActionContext,
  actionError,
  object,
  text,
  withoutSystemFields,
} from './actionInput.ts'
import {isDraftId, publishedIdOf} from './documents.ts'
import type {MutationInput} from './mutate.ts'
import {RELEASE_DOCUMENT_LIMIT} from './releaseLimits.ts'
import {isReleaseDocument, releaseDocumentId, releaseVersions, versionParts} from './releases.ts'

/** Refuses a version id that is not `drafts.<publishedId>` or `versions.<an active release>.<publishedId>`. */
function checkVersionId(
  versionId: string,
  publishedId: string | undefined,
  index: number,
  context: ActionContext,
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
  if (!parts) return
  const release = context.documents.get(releaseDocumentId(parts.releaseId))
  if (!isReleaseDocument(release))
    throw actionError(404, index, `Release "${parts.releaseId}" was not found`)
  if (release.state !== 'active')
    throw actionError(
      409,
      index,
      `Release "${parts.releaseId}" is ${release.state}: its documents cannot change`,
    )
  const held = releaseVersions(context.documents, parts.releaseId)
  if (!context.documents.has(versionId) && held.length >= RELEASE_DOCUMENT_LIMIT)
    throw actionError(
      409,
      index,
      `Release "${parts.releaseId}" already holds ${RELEASE_DOCUMENT_LIMIT} documents, the most a release may`,
    )
}

export function versionActionMutations(
  action: Action,
  index: number,
  context: ActionContext,
): MutationInput[] {
  const read = (id: string) => context.documents.get(id)
  switch (action.actionType) {
    case 'sanity.action.document.version.create': {
      const publishedId = text(action, 'publishedId', index)
      if (action.document !== undefined) {
        const document = object(action, 'document', index)
        const id = text(document, '_id', index)
        checkVersionId(id, publishedId, index, context)
        return [{create: {...document, _id: id}}]
      }
      const versionId = text(action, 'versionId', index)
      checkVersionId(versionId, publishedId, index, context)
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
      if (versionParts(versionId)) {
        checkVersionId(versionId, undefined, index, context)
        if (!read(versionId))
          throw actionError(409, index, `Cannot discard "${versionId}": it does not exist`)
      }
      return [{delete: {id: versionId}}]
    }
    case 'sanity.action.document.version.replace': {
      const document = object(action, 'document', index)
      const id = text(document, '_id', index)
      if (versionParts(id)) checkVersionId(id, undefined, index, context)
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
      checkVersionId(versionId, publishedId, index, context)
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
