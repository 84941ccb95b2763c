// Pushes seed documents to a Content Lake: create-if-missing, so an editor's change is never overwritten.
import type {SanityClient} from '@sanity/client'

export type SeedReport = {created: string[]; kept: string[]; replaced: string[]}

export async function seedContentLake(
  client: SanityClient,
  documents: ReadonlyArray<{_id: string; _type: string}>,
  {force = false}: {force?: boolean} = {},
): Promise<SeedReport> {
  const ids = documents.map((doc) => doc._id)
  const existing = new Set(
    await client.fetch<string[]>('*[_id in $ids]._id', {ids}, {perspective: 'raw'}),
  )
  const transaction = client.transaction()
  for (const doc of documents) {
    if (force) transaction.createOrReplace(doc)
    else transaction.createIfNotExists(doc)
  }
  await transaction.commit({visibility: 'sync'})
  const created = ids.filter((id) => !existing.has(id))
  const present = ids.filter((id) => existing.has(id))
  return force ? {created, kept: [], replaced: present} : {created, kept: present, replaced: []}
}

/** Seeds a lake that holds none of the seed documents; a lake with any of them is left as it is. */
export async function seedIfEmpty(
  client: SanityClient,
  documents: ReadonlyArray<{_id: string; _type: string}>,
) {
  const present = await client.fetch<number>('count(*[_id in $ids])', {
    ids: documents.map((doc) => doc._id),
  })
  return present === 0 ? seedContentLake(client, documents) : undefined
}
