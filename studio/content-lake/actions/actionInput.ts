// What every action handler shares: the Actions API's error shape (`actionError`, with the failing action's
// index, as @sanity/client reports it), reading an action's fields, and what an action reads besides its body.
import type {StoredDocument} from '../documents/documents.ts'
import {LakeError} from '../documents/errors.ts'
import type {Refusal} from '../releases/releaseLocks.ts'

export type Action = {actionType?: unknown; [field: string]: unknown}

/** What an action is decided against: the documents when its transaction's turn comes, and the time then. */
export type ActionContext = {
  documents: ReadonlyMap<string, StoredDocument>
  now: Date
  /** The versions a release's archive removed, as they were (release.unarchive restores them). */
  archivedVersions: (releaseId: string) => StoredDocument[]
}

/**
 * What one request's earlier actions have added, counted against Sanity's limits with what was there before: a
 * request of 101 release creates, or of 1,001 versions, is refused at the one past the limit.
 */
export type RequestTally = {
  /** Active or scheduled releases, with the ones this request created or restored so far. */
  activeReleases: number
  /** Releases this request created so far: its later actions may put documents in them. */
  createdReleases: Set<string>
  /** The versions each release holds, with this request's. */
  versions: {
    added: (releaseId: string) => Refusal | undefined
    removed: (releaseId: string) => void
  }
}

export const actionError = (status: number, index: number, description: string) =>
  new LakeError(
    status,
    {
      error: {
        type: 'actionError',
        description,
        items: [{index, error: {type: 'actionError', description}}],
      },
    },
    description,
  )

/** A stored document as a mutation's input under `id`: the lake stamps `_rev` and the times again. */
export const withoutSystemFields = (doc: StoredDocument, id: string) => {
  const {_rev: _rev, _createdAt: _created, _updatedAt: _updated, ...rest} = doc
  return {...rest, _id: id}
}

export const text = (action: Action, field: string, index: number) => {
  const value = action[field]
  if (typeof value !== 'string' || value === '')
    throw actionError(400, index, `${String(action.actionType)} needs ${field}`)
  return value
}

/** An object field of an action (`attributes`, `document`, `patch`). */
export const object = (action: Action, field: string, index: number): Record<string, unknown> => {
  const value = action[field]
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw actionError(400, index, `${String(action.actionType)} needs ${field} as an object`)
  }
  return value as Record<string, unknown>
}
