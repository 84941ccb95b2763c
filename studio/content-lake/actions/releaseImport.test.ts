// A release imported as `sanity dataset import` imports one (@sanity/import importBatches.js): the
// `sanity.action.release.import` action with the exported release document, refused, kept or replaced as
// `ifExists` says, and the release's versions written by mutations before or after it.
import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
let client: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
})
afterAll(() => lake.close())

const exportedRelease = (releaseId: string, fields: Record<string, unknown> = {}) => ({
  _id: `_.releases.${releaseId}`,
  _type: 'system.release',
  _rev: 'old-revision',
  _createdAt: '2024-05-01T10:00:00Z',
  _updatedAt: '2024-05-02T10:00:00Z',
  name: releaseId,
  state: 'active',
  metadata: {title: 'Diwali', releaseType: 'asap'},
  ...fields,
})

const importRelease = (
  releaseId: string,
  attributes: Record<string, unknown>,
  ifExists?: 'fail' | 'ignore' | 'replace',
) =>
  client.action({
    actionType: 'sanity.action.release.import',
    releaseId,
    attributes: attributes as never,
    ...(ifExists ? {ifExists} : {}),
  } as never)

describe('sanity.action.release.import', () => {
  it('creates the release as exported, keeping when it was created', async () => {
    await importRelease('rDiwali', exportedRelease('rDiwali'))
    const release = await client.getDocument('_.releases.rDiwali')
    expect(release).toMatchObject({
      _type: 'system.release',
      name: 'rDiwali',
      state: 'active',
      metadata: {title: 'Diwali', releaseType: 'asap'},
      _createdAt: '2024-05-01T10:00:00Z',
    })
    expect(release?._rev).not.toBe('old-revision')
  })

  it('refuses one that exists unless told to keep or replace it', async () => {
    await importRelease('rKept', exportedRelease('rKept'))
    const changed = exportedRelease('rKept', {metadata: {title: 'Changed', releaseType: 'asap'}})
    await expect(importRelease('rKept', changed)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('Release "rKept" already exists'),
    })
    await importRelease('rKept', changed, 'ignore')
    expect((await client.releases.get({releaseId: 'rKept'}))?.metadata.title).toBe('Diwali')
    await importRelease('rKept', changed, 'replace')
    expect((await client.releases.get({releaseId: 'rKept'}))?.metadata.title).toBe('Changed')
  })

  it('refuses a release document under another id, or in a state a release cannot be imported in', async () => {
    await expect(importRelease('rOther', exportedRelease('rDifferent'))).rejects.toMatchObject({
      statusCode: 400,
    })
    await expect(
      importRelease('rOdd', exportedRelease('rOdd', {state: 'publishing'})),
    ).rejects.toMatchObject({statusCode: 400})
    expect(await client.getDocument('_.releases.rOdd')).toBeUndefined()
  })

  it('takes versions written before their release, and locks them once it is scheduled', async () => {
    await client.create({_id: 'versions.rLater.straddle', _type: 'indicator', price: 450})
    await importRelease('rLater', exportedRelease('rLater'))
    expect(await client.getDocument('versions.rLater.straddle')).toMatchObject({price: 450})
    await client.releases.schedule({releaseId: 'rLater', publishAt: '2099-01-01T00:00:00Z'})
    await expect(
      client.patch('versions.rLater.straddle').set({price: 400}).commit(),
    ).rejects.toMatchObject({statusCode: 409})
  })
})
