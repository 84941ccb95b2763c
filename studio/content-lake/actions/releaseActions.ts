// The release actions of Sanity's Actions API, `sanity.action.release.*` (@sanity/client 8 src/types.ts
// `ReleaseAction`; src/releases/ReleasesClient.ts), turned into the lake's mutations so they take the dataset's
// turn on the one write path. States move as the client's doc comments say: create → active; schedule active →
// scheduled; unschedule scheduled → active; publish active|scheduled → published; archive active → archived
// ("Archives an `active` release, and deletes all the release documents"); unarchive archived → active ("restores
// all the release documents"); delete archived|published ("and all the release documents versions").
// Publishing is one transaction: every version becomes its published document (or unpublishes it) and leaves
// the release, or nothing changes.
import {
  type Action,
  type ActionContext,
  actionError,
  object,
  type RequestTally,
  text,
  withoutSystemFields,
} from './actionInput.ts'
import {isValidId, type StoredDocument} from '../documents/documents.ts'
import type {MutationInput} from '../writes/mutate.ts'
import {ACTIVE_RELEASE_LIMIT, releaseLimitExceeded} from '../releases/releaseLimits.ts'
import {patchProblem} from '../writes/patches.ts'
import {danglingReference} from '../releases/releaseReferences.ts'
import {
  isReleaseDocument,
  RELEASE_DOCUMENT_TYPE,
  releaseDocumentId,
  releaseVersions,
  type ReleaseDocument,
  type ReleaseState,
  unpublishesOnRelease,
  versionParts,
} from '../documents/releaseDocuments.ts'

const RELEASE_TYPES = new Set(['asap', 'scheduled', 'undecided'])

/** The release an action names, or Sanity's refusal of an unknown one. */
function releaseOf(action: Action, index: number, context: ActionContext): ReleaseDocument {
  const releaseId = text(action, 'releaseId', index)
  const release = context.documents.get(releaseDocumentId(releaseId))
  if (!isReleaseDocument(release))
    throw actionError(404, index, `Release "${releaseId}" was not found`)
  return release
}

function requireState(
  release: ReleaseDocument,
  allowed: readonly ReleaseState[],
  verb: string,
  index: number,
) {
  if (!allowed.includes(release.state)) {
    throw actionError(
      409,
      index,
      `Release "${release.name}" cannot be ${verb}: it is ${release.state} (only a release that is ${allowed.join(' or ')} can)`,
    )
  }
}

const setOnRelease = (
  release: ReleaseDocument,
  set: Record<string, unknown>,
  unset: string[] = [],
) => ({
  patch: {id: release._id, ifRevisionID: release._rev, set, ...(unset.length > 0 ? {unset} : {})},
})

/** `publishAt` as Sanity takes it: an ISO 8601 date-time in the future. */
function publishTime(action: Action, index: number, now: Date): string {
  const value = action.publishAt
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time))
    throw actionError(
      400,
      index,
      `publishAt must be an ISO 8601 date-time, got ${JSON.stringify(value)}`,
    )
  if (time <= now.getTime())
    throw actionError(400, index, `publishAt (${value}) must be in the future`)
  return new Date(time).toISOString()
}

/**
 * Each version's published document (or its removal), the versions gone and the release published; a publish
 * that would leave a strong reference dangling is refused whole (releaseReferences.ts).
 */
export function publishMutations(
  release: ReleaseDocument,
  context: ActionContext,
  index = 0,
): MutationInput[] {
  const versions = releaseVersions(context.documents, release.name)
  const outcome = new Map<string, StoredDocument | null>()
  const published = versions.flatMap((version): MutationInput[] => {
    const documentId = versionParts(version._id)?.documentId ?? version._id
    // The version's `_system` (its release bookkeeping) stays behind.
    const {_system: _bookkeeping, ...content} = version
    const document = withoutSystemFields(content as StoredDocument, documentId)
    outcome.set(documentId, unpublishesOnRelease(version) ? null : (document as StoredDocument))
    const change: MutationInput = unpublishesOnRelease(version)
      ? {delete: {id: documentId}}
      : {createOrReplace: document}
    return [change, {delete: {id: version._id}}]
  })
  const conflict = danglingReference(context.documents, outcome)
  if (conflict) throw actionError(409, index, conflict)
  return [
    ...published,
    setOnRelease(
      release,
      {
        state: 'published',
        publishedAt: context.now.toISOString(),
        finalDocumentStates: versions.map((version) => ({
          id: versionParts(version._id)?.documentId ?? version._id,
        })),
      },
      ['error'],
    ),
  ]
}

/** One more active release this request, refused past the limit (counting the request's own). */
function countActive(tally: RequestTally, index: number) {
  if (tally.activeReleases >= ACTIVE_RELEASE_LIMIT) throw releaseLimitExceeded(index)
  tally.activeReleases += 1
}

/** The release id a new release is given, and its document's id; refused unless a valid id without a dot. */
function newReleaseId(action: Action, index: number) {
  const releaseId = text(action, 'releaseId', index)
  const id = releaseDocumentId(releaseId)
  if (!isValidId(id) || releaseId.includes('.'))
    throw actionError(400, index, `"${releaseId}" is not a valid release id`)
  return {releaseId, id}
}

function createRelease(
  action: Action,
  index: number,
  context: ActionContext,
  tally: RequestTally,
): MutationInput[] {
  const {releaseId, id} = newReleaseId(action, index)
  if (context.documents.has(id) || tally.createdReleases.has(releaseId))
    throw actionError(409, index, `Release "${releaseId}" already exists`)
  countActive(tally, index)
  tally.createdReleases.add(releaseId)
  const metadata = action.metadata === undefined ? {} : object(action, 'metadata', index)
  const releaseType = metadata.releaseType ?? 'undecided'
  if (typeof releaseType !== 'string' || !RELEASE_TYPES.has(releaseType))
    throw actionError(400, index, `metadata.releaseType must be asap, scheduled or undecided`)
  return [
    {
      create: {
        _id: id,
        _type: RELEASE_DOCUMENT_TYPE,
        name: releaseId,
        state: 'active',
        metadata: {...metadata, releaseType},
      },
    },
  ]
}

function editRelease(action: Action, index: number, context: ActionContext): MutationInput[] {
  const release = releaseOf(action, index, context)
  if (release.state === 'scheduled')
    throw actionError(
      409,
      index,
      `Release "${release.name}" is scheduled: unschedule it before editing it`,
    )
  requireState(release, ['active'], 'edited', index)
  const patch = object(action, 'patch', index)
  const problem = patchProblem(patch)
  if (problem) throw actionError(400, index, problem)
  const outsideMetadata = ['set', 'setIfMissing', 'unset', 'inc', 'dec', 'insert', 'diffMatchPatch']
    .flatMap((operation) => {
      const value = patch[operation]
      if (Array.isArray(value)) return value.filter((path) => typeof path === 'string')
      return value && typeof value === 'object' && operation !== 'insert' ? Object.keys(value) : []
    })
    .filter(
      (path) =>
        path !== 'metadata' && !path.startsWith('metadata.') && !path.startsWith('metadata['),
    )
  if (outsideMetadata.length > 0)
    throw actionError(
      400,
      index,
      `A release edit may change metadata only, not ${outsideMetadata.join(', ')}`,
    )
  return [{patch: {...patch, id: release._id, ifRevisionID: release._rev}}]
}

const IMPORTED_STATES = new Set(['active', 'scheduled', 'published', 'archived'])
const IF_EXISTS = ['fail', 'ignore', 'replace']

/**
 * `sanity.action.release.import` (@sanity/client 8 src/types.ts `ImportReleaseAction`, `attributes` or `document`),
 * which `sanity dataset import` sends for each `_.releases.*` document of an archive (@sanity/import
 * importBatches.js, `ifExists` from --replace and --missing): the release document as given, its system fields
 * stamped again but `_createdAt`; `ifExists` says what becomes of one already there: refused (fail, the
 * default), kept (ignore) or replaced (replace).
 */
function importRelease(
  action: Action,
  index: number,
  context: ActionContext,
  tally: RequestTally,
): MutationInput[] {
  const {releaseId, id} = newReleaseId(action, index)
  const ifExists = action.ifExists ?? 'fail'
  if (typeof ifExists !== 'string' || !IF_EXISTS.includes(ifExists))
    throw actionError(400, index, `ifExists must be ${IF_EXISTS.join(', ')}`)
  const attributes = object(
    action,
    action.document === undefined ? 'attributes' : 'document',
    index,
  )
  if (attributes._id !== undefined && attributes._id !== id)
    throw actionError(400, index, `The release document of "${releaseId}" has the _id ${id}`)
  const state = attributes.state ?? 'active'
  if (typeof state !== 'string' || !IMPORTED_STATES.has(state))
    throw actionError(
      400,
      index,
      `A release is imported active, scheduled, published or archived, not ${JSON.stringify(state)}`,
    )
  if (state === 'scheduled' && Number.isNaN(Date.parse(String(attributes.publishAt))))
    throw actionError(400, index, `A scheduled release needs its publishAt`)
  const existing = context.documents.get(id)
  if (existing && ifExists === 'fail')
    throw actionError(409, index, `Release "${releaseId}" already exists`)
  if (existing && ifExists === 'ignore') return []
  const wasOpen = isReleaseDocument(existing) && ['active', 'scheduled'].includes(existing.state)
  if ((state === 'active' || state === 'scheduled') && !wasOpen) countActive(tally, index)
  tally.createdReleases.add(releaseId)
  const {_rev: _revision, _updatedAt: _updated, ...release} = attributes
  return [
    {createOrReplace: {...release, _id: id, _type: RELEASE_DOCUMENT_TYPE, name: releaseId, state}},
  ]
}

export function releaseActionMutations(
  action: Action,
  index: number,
  context: ActionContext,
  tally: RequestTally,
): MutationInput[] {
  switch (action.actionType) {
    case 'sanity.action.release.create':
      return createRelease(action, index, context, tally)
    case 'sanity.action.release.edit':
      return editRelease(action, index, context)
    case 'sanity.action.release.schedule': {
      const release = releaseOf(action, index, context)
      requireState(release, ['active'], 'scheduled', index)
      return [
        setOnRelease(release, {
          state: 'scheduled',
          publishAt: publishTime(action, index, context.now),
        }),
      ]
    }
    case 'sanity.action.release.unschedule': {
      const release = releaseOf(action, index, context)
      requireState(release, ['scheduled'], 'unscheduled', index)
      return [setOnRelease(release, {state: 'active'}, ['publishAt'])]
    }
    case 'sanity.action.release.publish': {
      const release = releaseOf(action, index, context)
      requireState(release, ['active', 'scheduled'], 'published', index)
      tally.activeReleases -= 1
      return publishMutations(release, context, index)
    }
    case 'sanity.action.release.archive': {
      const release = releaseOf(action, index, context)
      requireState(release, ['active'], 'archived', index)
      tally.activeReleases -= 1
      const versions = releaseVersions(context.documents, release.name)
      return [
        ...versions.map((version) => ({delete: {id: version._id}})),
        setOnRelease(release, {state: 'archived'}),
      ]
    }
    case 'sanity.action.release.unarchive': {
      const release = releaseOf(action, index, context)
      requireState(release, ['archived'], 'unarchived', index)
      countActive(tally, index)
      const restored = context
        .archivedVersions(release.name)
        .filter((version) => !context.documents.has(version._id))
      return [
        ...restored.map((version: StoredDocument) => ({
          createIfNotExists: withoutSystemFields(version, version._id),
        })),
        setOnRelease(release, {state: 'active'}),
      ]
    }
    case 'sanity.action.release.import':
      return importRelease(action, index, context, tally)
    case 'sanity.action.release.delete': {
      const release = releaseOf(action, index, context)
      requireState(release, ['archived', 'published'], 'deleted', index)
      return [
        ...releaseVersions(context.documents, release.name).map((version) => ({
          delete: {id: version._id},
        })),
        {delete: {id: release._id}},
      ]
    }
    default:
      throw actionError(400, index, `Unknown action type "${String(action.actionType)}"`)
  }
}
