// Content Releases as the Studio's Releases tool makes them (sanity 6.16's release operations store calls the
// same @sanity/client 8 methods): a release is created with its metadata, a document joins it as a version
// (`versions.<releaseId>.<id>`, made from the published document at its revision), an edit in the release patches
// that version through the edit action (the Studio's document commit sends the version's id as `draftId`), and a
// release is scheduled (its metadata first says when, as the Studio's date picker sets it) or published at once,
// every version in one transaction. The lake refuses what Sanity refuses, in its words.
import type {ReleaseDocument, SanityClient} from '@sanity/client'
import {getPublishedId, getVersionId} from '@sanity/client/csm'

/** Creates a release to publish as soon as it is published by hand (the Studio's default), and names its id. */
export async function createRelease(client: SanityClient, title: string) {
  const {releaseId} = await client.releases.create({metadata: {title, releaseType: 'asap'}})
  return releaseId
}

/** Adds the published document `id` to the release, as the version the Studio's "Add to release" makes. */
export async function addToRelease(client: SanityClient, releaseId: string, id: string) {
  const published = await client.getDocument(id)
  if (!published) throw new Error(`"${id}" is not published, so it cannot join a release`)
  await client.createVersion({
    baseId: id,
    ifBaseRevisionId: published._rev,
    publishedId: id,
    releaseId,
  })
  return getVersionId(id, releaseId)
}

/** Sets fields (paths allowed, as in a patch) on the version of `id` in the release. */
export function editInRelease(
  client: SanityClient,
  releaseId: string,
  id: string,
  fields: Record<string, unknown>,
) {
  return client.action({
    actionType: 'sanity.action.document.edit',
    draftId: getVersionId(id, releaseId),
    publishedId: id,
    patch: {set: fields},
  })
}

/**
 * Schedules the release to be published at `publishAt` (an ISO date and time). As the Studio's schedule dialog
 * does, the metadata first says when, then the release is scheduled; the schedule is tried first with `dryRun`,
 * so one the lake refuses (a time in the past, a release not active) changes nothing.
 */
export async function scheduleRelease(client: SanityClient, releaseId: string, publishAt: string) {
  await client.releases.schedule({releaseId, publishAt}, {dryRun: true})
  await client.releases.edit({
    releaseId,
    patch: {set: {'metadata.releaseType': 'scheduled', 'metadata.intendedPublishAt': publishAt}},
  })
  return client.releases.schedule({releaseId, publishAt})
}

/** Takes the release's schedule back: it stays as it is, to publish or schedule again. */
export function unscheduleRelease(client: SanityClient, releaseId: string) {
  return client.releases.unschedule({releaseId})
}

/** Publishes every version in the release in one transaction. */
export function publishRelease(client: SanityClient, releaseId: string) {
  return client.releases.publish({releaseId})
}

export type ReleaseSummary = Pick<
  ReleaseDocument,
  'name' | 'state' | 'publishAt' | 'publishedAt'
> & {
  title: string
  releaseType: ReleaseDocument['metadata']['releaseType']
  /** The published ids of the documents the release holds. */
  documents: string[]
}

/** Every release, newest first, with the documents each holds (what `releases::all()` answers, as the Studio reads). */
export async function listReleases(client: SanityClient): Promise<ReleaseSummary[]> {
  const releases = await client.fetch<ReleaseDocument[]>(
    'releases::all() | order(_createdAt desc)',
    {},
    {perspective: 'raw'},
  )
  return Promise.all(
    releases.map(async (release) => {
      const {result} = await client.releases.fetchDocuments({releaseId: release.name})
      return {
        name: release.name,
        title: release.metadata.title ?? '',
        releaseType: release.metadata.releaseType,
        state: release.state,
        ...(release.publishAt ? {publishAt: release.publishAt} : {}),
        ...(release.publishedAt ? {publishedAt: release.publishedAt} : {}),
        documents: result.map(({_id}) => getPublishedId(_id)).sort(),
      }
    }),
  )
}
