// A release stays as its actions leave it, whatever API a write comes through (releaseLocks.ts): a scheduled
// release's documents are locked until it is unscheduled, as Sanity locks them; a published or archived release
// takes no documents; release documents are written by release actions only, never by a mutation or a document
// action; Sanity's limits (100 active releases, 1,000 documents a release) count what one request adds. Each
// refusal leaves the dataset as it was. And none of it is readable without a token.
import type {SanityClient} from '@sanity/client'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {ACTIVE_RELEASE_LIMIT, RELEASE_DOCUMENT_LIMIT} from './releaseLimits.ts'
import {publishCatalogue} from '../testing/testCatalogue.ts'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
let client: SanityClient

beforeEach(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
  await publishCatalogue(client)
  for (const releaseId of ['rScheduled', 'rArchived', 'rActive'])
    await client.releases.create({releaseId, metadata: {releaseType: 'asap'}})
  for (const releaseId of ['rScheduled', 'rArchived', 'rActive'])
    await client.createVersion({releaseId, publishedId: 'straddle', baseId: 'straddle'})
  await client.releases.schedule({releaseId: 'rScheduled', publishAt: '2099-01-01T00:00:00.000Z'})
  await client.releases.archive({releaseId: 'rArchived'})
})
afterEach(() => lake.close())

const dataset = () =>
  client.fetch<unknown[]>('*[]{_id, _rev, state} | order(_id)', {}, {perspective: 'raw'})

/** Expects `write` refused with `status` (and Sanity's error `type` where given), the dataset unchanged. */
async function expectRefused(write: () => Promise<unknown>, status: number, type?: string) {
  const before = await dataset()
  const error = await write().then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toMatchObject({statusCode: status})
  if (type) expect(JSON.stringify((error as {details?: unknown}).details)).toContain(type)
  expect(await dataset()).toEqual(before)
}

describe('a scheduled release is locked until it is unscheduled', () => {
  const version = 'versions.rScheduled.straddle'

  it('refuses mutations that patch, replace or delete its documents, or add one', async () => {
    await expectRefused(
      () => client.patch(version).set({price: 1}).commit(),
      409,
      'releaseLockedError',
    )
    await expectRefused(
      () => client.createOrReplace({_id: version, _type: 'indicator', price: 1}),
      409,
      'releaseLockedError',
    )
    await expectRefused(() => client.delete(version), 409, 'releaseLockedError')
    await expectRefused(
      () => client.delete({query: '*[_id in path("versions.rScheduled.**")]'}),
      409,
      'releaseLockedError',
    )
    await expectRefused(
      () => client.create({_id: 'versions.rScheduled.strangle', _type: 'indicator'}),
      409,
      'releaseLockedError',
    )
  })

  it('refuses document and version actions on its documents', async () => {
    const refusedActions: Parameters<SanityClient['action']>[0][] = [
      {
        actionType: 'sanity.action.document.edit',
        draftId: version,
        publishedId: 'straddle',
        patch: {set: {price: 1}},
      },
      {actionType: 'sanity.action.document.discard', draftId: version},
      {actionType: 'sanity.action.document.version.discard', versionId: version},
      {
        actionType: 'sanity.action.document.version.replace',
        document: {_id: version, _type: 'indicator', price: 1},
      },
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'strangle',
        baseId: 'strangle',
        versionId: 'versions.rScheduled.strangle',
      },
    ]
    for (const action of refusedActions) await expectRefused(() => client.action(action), 409)
  })

  it('takes the same edit once it is unscheduled', async () => {
    await client.releases.unschedule({releaseId: 'rScheduled'})
    await client.patch(version).set({price: 450}).commit()
    expect((await client.getDocument(version))?.price).toBe(450)
  })
})

it('an archived release takes no documents, by mutation or by action', async () => {
  await expectRefused(
    () => client.create({_id: 'versions.rArchived.strangle', _type: 'indicator'}),
    409,
    'releaseLockedError',
  )
  await expectRefused(
    () =>
      client.action({
        actionType: 'sanity.action.document.version.create',
        publishedId: 'strangle',
        baseId: 'strangle',
        versionId: 'versions.rArchived.strangle',
      }),
    409,
  )
})

describe('release documents change through release actions only', () => {
  it('refuses a mutation that writes one: a release scheduled in the past, a state set by hand, a delete', async () => {
    await expectRefused(
      () =>
        client.createOrReplace({
          _id: '_.releases.rForged',
          _type: 'system.release',
          name: 'rForged',
          state: 'scheduled',
          publishAt: '2000-01-01T00:00:00.000Z',
          metadata: {releaseType: 'scheduled'},
        }),
      403,
      'permissionDeniedError',
    )
    await expectRefused(
      () => client.patch('_.releases.rActive').set({state: 'published'}).commit(),
      403,
      'permissionDeniedError',
    )
    await expectRefused(() => client.delete('_.releases.rActive'), 403, 'permissionDeniedError')
  })

  it('refuses a document action that names one', async () => {
    await expectRefused(
      () =>
        client.action({
          actionType: 'sanity.action.document.delete',
          publishedId: '_.releases.rActive',
          includeDrafts: [],
        }),
      403,
    )
    await expectRefused(
      () =>
        client.action({
          actionType: 'sanity.action.document.edit',
          draftId: '_.releases.rActive',
          publishedId: '_.releases.rActive',
          patch: {set: {state: 'published'}},
        }),
      403,
    )
  })
})

describe('limits count what the request adds', () => {
  it(`refuses one Actions request that would make ${ACTIVE_RELEASE_LIMIT + 1} active releases, 2 being there`, async () => {
    const creates = Array.from({length: ACTIVE_RELEASE_LIMIT - 1}, (_, index) => ({
      actionType: 'sanity.action.release.create' as const,
      releaseId: `rBulk${index}`,
      metadata: {releaseType: 'asap' as const},
    }))
    await expectRefused(() => client.action(creates), 403, 'releaseLimitExceededError')
    await client.action(creates.slice(0, ACTIVE_RELEASE_LIMIT - 2))
    expect(
      await client.fetch<number>(
        'count(*[_type == "system.release" && state in ["active", "scheduled"]])',
        {},
        {perspective: 'raw'},
      ),
    ).toBe(ACTIVE_RELEASE_LIMIT)
  })

  it(`refuses one request taking a release to ${RELEASE_DOCUMENT_LIMIT + 1} documents, by action or by mutation`, async () => {
    const ids = Array.from({length: RELEASE_DOCUMENT_LIMIT}, (_, index) => `bulk${index}`)
    await expectRefused(
      () =>
        client.action(
          ids.map((id) => ({
            actionType: 'sanity.action.document.version.create' as const,
            publishedId: id,
            document: {_id: `versions.rActive.${id}`, _type: 'indicator'},
          })),
        ),
      409,
    )
    const transaction = client.transaction()
    for (const id of ids) transaction.create({_id: `versions.rActive.${id}`, _type: 'indicator'})
    await expectRefused(() => transaction.commit(), 409, 'releaseDocumentLimitError')
  })
})

it('shows no release and no version to a request without a token, in any perspective', async () => {
  const anonymous = client.withConfig({token: undefined, useCdn: false})
  for (const perspective of ['published', 'drafts', 'raw'] as const) {
    const seen = await anonymous.fetch<string[]>(
      '*[_type == "system.release" || _id in path("versions.**")]._id',
      {},
      {perspective},
    )
    expect(seen, perspective).toEqual([])
  }
  const version = await fetch(
    `${lake.url}/v2025-02-19/data/doc/production/versions.rActive.straddle`,
  )
  expect((await version.json()).documents).toEqual([])
})
