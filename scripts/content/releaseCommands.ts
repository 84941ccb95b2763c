// `npm run content -- release <verb> …`: the release commands (see main.ts's usage), words for a person.
import type {SanityClient} from '@sanity/client'
import {parseFields} from './fields.ts'
import {
  addToRelease,
  createRelease,
  editInRelease,
  listReleases,
  publishRelease,
  scheduleRelease,
  unscheduleRelease,
} from './releases.ts'

/** An ISO date and time with its offset, as the Actions API takes `publishAt`. */
function isoTime(text: string | undefined, usage: () => Error) {
  if (!text) throw usage()
  const time = Date.parse(text)
  if (Number.isNaN(time) || !/T\d\d:\d\d/.test(text))
    throw new Error(`"${text}" is not an ISO date and time, like 2026-11-01T00:00:00+05:30`)
  return new Date(time).toISOString()
}

export async function runReleaseCommand(
  client: SanityClient,
  verb: string | undefined,
  [releaseId, ...rest]: string[],
  usage: () => Error,
): Promise<string> {
  if (verb === 'list') {
    const releases = await listReleases(client)
    if (releases.length === 0)
      return 'No releases yet. Make one with: npm run content -- release create <title>'
    return releases
      .map((release) => {
        const when = release.publishedAt
          ? ` published ${release.publishedAt}`
          : release.publishAt
            ? ` at ${release.publishAt}`
            : ''
        const documents =
          release.documents.length > 0 ? release.documents.join(', ') : 'no documents'
        return `${release.name}  ${release.title}  (${release.state}${when}): ${documents}`
      })
      .join('\n')
  }
  if (!releaseId) throw usage()
  if (verb === 'create') {
    const title = [releaseId, ...rest].join(' ')
    const id = await createRelease(client, title)
    return `Release "${title}" created: ${id}. Add a document with: npm run content -- release add ${id} <id>`
  }
  const [id, ...fields] = rest
  if (verb === 'add') {
    if (!id) throw usage()
    await addToRelease(client, releaseId, id)
    return `${id} added to ${releaseId}. Change it with: npm run content -- release edit ${releaseId} ${id} <path>=<JSON>`
  }
  if (verb === 'edit') {
    if (!id || fields.length === 0) throw usage()
    await editInRelease(client, releaseId, id, parseFields(fields))
    return `${id} changed in ${releaseId}.`
  }
  if (verb === 'schedule') {
    const publishAt = isoTime(id, usage)
    await scheduleRelease(client, releaseId, publishAt)
    return `${releaseId} is scheduled: it is published at ${publishAt}.`
  }
  if (verb === 'unschedule') {
    await unscheduleRelease(client, releaseId)
    return `${releaseId} is no longer scheduled.`
  }
  if (verb === 'publish') {
    await publishRelease(client, releaseId)
    return `${releaseId} published: all its documents together.`
  }
  throw usage()
}
