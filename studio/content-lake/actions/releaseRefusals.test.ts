// What Sanity refuses in releases, refused with its 4xx and nothing changed; and a release publish racing edits
// of its documents: one outcome, never half a release.
import type {SanityClient} from '@sanity/client'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'
import {publishCatalogue} from '../testing/testCatalogue.ts'

let lake: TestLake
let client: SanityClient

beforeEach(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
  await publishCatalogue(client)
  await client.releases.create({releaseId: 'rDiwali', metadata: {releaseType: 'asap'}})
  for (const id of ['straddle', 'strangle', 'pro'])
    await client.createVersion({releaseId: 'rDiwali', publishedId: id, baseId: id})
})
afterEach(() => lake.close())

/** Every stored document's id and revision. */
const dataset = () =>
  client.fetch<string[]>('*[]{_id, _rev} | order(_id)', {}, {perspective: 'raw'})

/** Expects the action refused with the status, and the dataset left as it was. */
async function expectRefused(action: Parameters<SanityClient['action']>[0], status: number) {
  const before = await dataset()
  const error = await client.action(action).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, JSON.stringify(action)).toMatchObject({
    statusCode: status,
    details: {type: expect.any(String), description: expect.any(String)},
  })
  expect(await dataset()).toEqual(before)
}

describe('refusals', () => {
  it('refuses every action on an unknown release with 404', async () => {
    for (const actionType of [
      'sanity.action.release.edit',
      'sanity.action.release.schedule',
      'sanity.action.release.unschedule',
      'sanity.action.release.publish',
      'sanity.action.release.archive',
      'sanity.action.release.unarchive',
      'sanity.action.release.delete',
    ] as const) {
      await expectRefused(
        {
          actionType,
          releaseId: 'rNope',
          patch: {set: {'metadata.title': 'x'}},
          publishAt: '2099-01-01T00:00:00Z',
        } as Parameters<SanityClient['action']>[0],
        404,
      )
    }
    await expectRefused(
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'straddle',
        document: {_id: 'versions.rNope.straddle', _type: 'indicator'},
      },
      404,
    )
  })

  it('refuses a version of a missing document, and one outside its document', async () => {
    await expectRefused(
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'ghost',
        baseId: 'ghost',
        versionId: 'versions.rDiwali.ghost',
      },
      409,
    )
    await expectRefused(
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'strangle',
        document: {_id: 'versions.rDiwali.straddle', _type: 'indicator'},
      },
      400,
    )
    await expectRefused(
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'straddle',
        document: {_id: 'straddle', _type: 'indicator'},
      },
      400,
    )
    await expectRefused(
      {actionType: 'sanity.action.document.version.discard', versionId: 'versions.rDiwali.ghost'},
      409,
    )
  })

  it('refuses a document past the 1,000 a release may hold', async () => {
    await client.releases.create({releaseId: 'rBig', metadata: {releaseType: 'asap'}})
    const version = (n: number) => ({
      actionType: 'sanity.action.document.version.create' as const,
      publishedId: `module${n}`,
      document: {_id: `versions.rBig.module${n}`, _type: 'pythonModule'},
    })
    await client.action(Array.from({length: 1000}, (_, n) => version(n)))
    await expectRefused(version(1000), 409)
  })

  it('refuses a schedule in the past or not a date', async () => {
    for (const publishAt of ['2001-01-01T00:00:00Z', 'next tuesday', ''])
      await expectRefused(
        {actionType: 'sanity.action.release.schedule', releaseId: 'rDiwali', publishAt},
        400,
      )
  })

  it('refuses to publish an archived or an already published release', async () => {
    await client.releases.create({releaseId: 'rOld', metadata: {releaseType: 'asap'}})
    await client.releases.archive({releaseId: 'rOld'})
    await expectRefused({actionType: 'sanity.action.release.publish', releaseId: 'rOld'}, 409)
    await client.releases.publish({releaseId: 'rDiwali'})
    await expectRefused({actionType: 'sanity.action.release.publish', releaseId: 'rDiwali'}, 409)
    await expectRefused(
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'straddle',
        baseId: 'straddle',
        versionId: 'versions.rDiwali.straddle',
      },
      409,
    )
  })

  it('refuses a publish that would leave a strong reference dangling, publishing none of it', async () => {
    await client.create({_id: 'drafts.newModule', _type: 'plan', price: 1})
    await client
      .patch('versions.rDiwali.pro')
      .set({price: 1800, bundles: {_type: 'reference', _ref: 'newModule'}})
      .commit()
    await expectRefused({actionType: 'sanity.action.release.publish', releaseId: 'rDiwali'}, 409)
    expect((await client.releases.get({releaseId: 'rDiwali'}))?.state).toBe('active')
  })

  it('archives a release with its versions, and unarchive brings them back', async () => {
    await client.patch('versions.rDiwali.pro').set({price: 1800}).commit()
    await client.releases.archive({releaseId: 'rDiwali'})
    expect(await client.fetch('count(*[sanity::partOfRelease("rDiwali")])')).toBe(0)
    await client.releases.unarchive({releaseId: 'rDiwali'})
    expect((await client.releases.get({releaseId: 'rDiwali'}))?.state).toBe('active')
    expect(await client.getDocument('versions.rDiwali.pro')).toMatchObject({price: 1800})
    expect(await client.fetch('count(*[sanity::partOfRelease("rDiwali")])')).toBe(3)
  })
})

describe('a release publish racing edits of its documents', () => {
  it('publishes all of the release once, each edit before it or refused, and no reader sees half', async () => {
    const prices = () =>
      client.fetch<number[]>(
        '*[_id in ["straddle", "strangle", "pro"]] | order(_id).price',
        {},
        {
          perspective: 'published',
        },
      )
    await client.patch('versions.rDiwali.strangle').set({price: 450}).commit()
    await client.patch('versions.rDiwali.pro').set({price: 1800}).commit()
    const seen: number[][] = []
    let publishing = true
    const reader = (async () => {
      while (publishing) seen.push(await prices())
    })()
    const edits = Array.from({length: 20}, () =>
      client
        .patch('versions.rDiwali.straddle')
        .inc({price: 1})
        .commit()
        .then(
          () => 'applied' as const,
          (error: {statusCode?: number}) => error.statusCode,
        ),
    )
    const publish = client.releases.publish({releaseId: 'rDiwali'})
    const outcomes = await Promise.all(edits)
    const {transactionId} = await publish
    publishing = false
    await reader
    const applied = outcomes.filter((outcome) => outcome === 'applied').length
    expect(outcomes.every((outcome) => outcome === 'applied' || outcome === 409)).toBe(true)
    expect(await prices()).toEqual([1800, 500 + applied, 450])
    const revisions = await client.fetch<string[]>('*[_id in ["straddle", "strangle", "pro"]]._rev')
    expect(new Set(revisions)).toEqual(new Set([transactionId]))
    for (const snapshot of [...seen, await prices()]) {
      const before = snapshot[0] === 2000 && snapshot[1] === 500 && snapshot[2] === 500
      const after = snapshot[0] === 1800 && snapshot[2] === 450
      expect(before || after, JSON.stringify(snapshot)).toBe(true)
    }
  })
})
