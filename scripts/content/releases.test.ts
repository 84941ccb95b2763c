// The content CLI's releases, as the Studio's Releases tool makes them, against a real (embedded) Content Lake.
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  addToRelease,
  createRelease,
  editInRelease,
  listReleases,
  publishRelease,
  scheduleRelease,
  unscheduleRelease,
} from './releases.ts'

let lake: TestLake
const client = () => testLakeClient(lake.url)

beforeAll(async () => {
  lake = await startTestLake()
  await client()
    .transaction()
    .create({_id: 'indicator-straddle', _type: 'indicator', name: 'Straddle', price: 500})
    .create({_id: 'indicator-strangle', _type: 'indicator', name: 'Strangle', price: 500})
    .create({_id: 'plan-index', _type: 'plan', title: 'Index Quant Metrics', price: 3300})
    .commit()
})
afterAll(() => lake.close())

const price = async (id: string) => (await client().getDocument(id))?.price as number

describe('the content CLI’s releases', () => {
  it('creates a release, adds three documents, changes them in it, lists it, and publishes them together', async () => {
    const releaseId = await createRelease(client(), 'Diwali offer')
    for (const id of ['indicator-straddle', 'indicator-strangle', 'plan-index'])
      expect(await addToRelease(client(), releaseId, id)).toBe(`versions.${releaseId}.${id}`)
    await editInRelease(client(), releaseId, 'indicator-straddle', {price: 450})
    await editInRelease(client(), releaseId, 'indicator-strangle', {price: 420})
    await editInRelease(client(), releaseId, 'plan-index', {price: 2999})
    expect(await price('indicator-straddle')).toBe(500)

    expect(await listReleases(client())).toContainEqual({
      name: releaseId,
      title: 'Diwali offer',
      releaseType: 'asap',
      state: 'active',
      documents: ['indicator-straddle', 'indicator-strangle', 'plan-index'],
    })

    await publishRelease(client(), releaseId)
    expect(await price('indicator-straddle')).toBe(450)
    expect(await price('indicator-strangle')).toBe(420)
    expect(await price('plan-index')).toBe(2999)
    expect(await listReleases(client())).toContainEqual(
      expect.objectContaining({name: releaseId, state: 'published', documents: []}),
    )
  })

  it('schedules a release (saying when in its metadata, as the Studio does) and takes the schedule back', async () => {
    const releaseId = await createRelease(client(), 'Budget day')
    await addToRelease(client(), releaseId, 'plan-index')
    const publishAt = new Date(Date.now() + 3_600_000).toISOString()
    await scheduleRelease(client(), releaseId, publishAt)
    expect(await client().releases.get({releaseId})).toMatchObject({
      state: 'scheduled',
      publishAt,
      metadata: {releaseType: 'scheduled', intendedPublishAt: publishAt},
    })
    await unscheduleRelease(client(), releaseId)
    expect(await client().releases.get({releaseId})).toMatchObject({state: 'active'})
  })

  it('refuses a document that is not published, an unknown release, and a time in the past', async () => {
    const releaseId = await createRelease(client(), 'Refusals')
    await expect(addToRelease(client(), releaseId, 'indicator-missing')).rejects.toThrow(
      '"indicator-missing" is not published, so it cannot join a release',
    )
    await expect(publishRelease(client(), 'rNoSuchRelease')).rejects.toThrow(/rNoSuchRelease/)
    await expect(
      scheduleRelease(client(), releaseId, new Date(Date.now() - 60_000).toISOString()),
    ).rejects.toThrow()
    expect(await client().releases.get({releaseId})).toMatchObject({
      state: 'active',
      metadata: {releaseType: 'asap'},
    })
  })
})
