// Scheduled releases: published by the lake at their publishAt, or when it starts if that time passed while it
// was stopped (in publishAt order); unscheduled in time, never. Time is a test clock (testClock.ts).
import type {SanityClient} from '@sanity/client'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {testClock, type TestClock} from '../testing/testClock.ts'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'

const START = Date.parse('2030-11-01T18:00:00.000Z')
const MINUTE = 60_000

let clock: TestClock
let lake: TestLake
let client: SanityClient

beforeEach(async () => {
  clock = testClock(START)
  lake = await startTestLake(undefined, [], {clock})
  client = testLakeClient(lake.url)
  await client.create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500})
})
afterEach(() => lake.close())

/** A release that sets the straddle's price, scheduled `minutes` after the start. */
async function scheduledRelease(releaseId: string, price: number, minutes: number) {
  await client.releases.create({releaseId, metadata: {releaseType: 'scheduled'}})
  await client.createVersion({releaseId, publishedId: 'straddle', baseId: 'straddle'})
  await client.patch(`versions.${releaseId}.straddle`).set({price}).commit()
  await client.releases.schedule({
    releaseId,
    publishAt: new Date(START + minutes * MINUTE).toISOString(),
  })
}

const stateOf = async (releaseId: string) => (await client.releases.get({releaseId}))?.state

/** Polls (generously) until the release reaches the state. */
async function waitForState(releaseId: string, state: string) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await stateOf(releaseId)) === state) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Release ${releaseId} never became ${state}; it is ${await stateOf(releaseId)}`)
}

const price = async () => (await client.getDocument('straddle'))?.price

describe('a scheduled release', () => {
  it('is scheduled with its publishAt and published when the clock reaches it', async () => {
    await scheduledRelease('rDiwali', 400, 10)
    expect(await client.releases.get({releaseId: 'rDiwali'})).toMatchObject({
      state: 'scheduled',
      publishAt: '2030-11-01T18:10:00.000Z',
    })
    clock.advance(10 * MINUTE - 1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await stateOf('rDiwali')).toBe('scheduled')
    expect(await price()).toBe(500)
    clock.advance(1)
    await waitForState('rDiwali', 'published')
    expect(await price()).toBe(400)
    expect((await client.releases.get({releaseId: 'rDiwali'}))?.publishedAt).toBe(
      '2030-11-01T18:10:00.000Z',
    )
  })

  it('unscheduled before its time, stays unpublished', async () => {
    await scheduledRelease('rDiwali', 400, 10)
    await client.releases.unschedule({releaseId: 'rDiwali'})
    clock.advance(20 * MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const release = await client.releases.get({releaseId: 'rDiwali'})
    expect(release?.state).toBe('active')
    expect(release?.publishAt).toBeUndefined()
    expect(await price()).toBe(500)
  })

  it('cannot be edited until it is unscheduled', async () => {
    await scheduledRelease('rDiwali', 400, 10)
    const edit = client.releases.edit({
      releaseId: 'rDiwali',
      patch: {set: {'metadata.title': 'Changed'}},
    })
    await expect(edit).rejects.toMatchObject({statusCode: 409})
    expect((await client.releases.get({releaseId: 'rDiwali'}))?.metadata.title).toBeUndefined()
  })
})

describe('a scheduled publish that conflicts', () => {
  it('leaves the release unpublished, active again, with its error recorded', async () => {
    await scheduledRelease('rDiwali', 400, 10)
    await client.releases.unschedule({releaseId: 'rDiwali'})
    await client
      .patch('versions.rDiwali.straddle')
      .set({pairedWith: {_type: 'reference', _ref: 'not-published'}})
      .commit()
    await client.releases.schedule({
      releaseId: 'rDiwali',
      publishAt: new Date(START + 10 * MINUTE).toISOString(),
    })
    clock.advance(10 * MINUTE)
    await waitForState('rDiwali', 'active')
    const release = await client.releases.get({releaseId: 'rDiwali'})
    expect(release?.error?.message).toBe(
      'Document "straddle" references non-existent document "not-published"',
    )
    expect(release?.publishAt).toBeUndefined()
    expect(await price()).toBe(500)
    expect(await client.getDocument('versions.rDiwali.straddle')).toMatchObject({price: 400})
  })
})

describe('a lake stopped over a release’s publishAt', () => {
  it('publishes the releases that fell due at start, in publishAt order', async () => {
    await scheduledRelease('rLater', 300, 20)
    await scheduledRelease('rSooner', 400, 10)
    clock.set(START + 30 * MINUTE)
    lake = await lake.restart()
    client = testLakeClient(lake.url)
    expect(await stateOf('rSooner')).toBe('published')
    expect(await stateOf('rLater')).toBe('published')
    // Published in publishAt order: the later release's price is the one left standing.
    expect(await price()).toBe(300)
  })

  it('does not publish a release unscheduled before it stopped', async () => {
    await scheduledRelease('rDiwali', 400, 10)
    await client.releases.unschedule({releaseId: 'rDiwali'})
    clock.set(START + 30 * MINUTE)
    lake = await lake.restart()
    client = testLakeClient(lake.url)
    expect(await stateOf('rDiwali')).toBe('active')
    expect(await price()).toBe(500)
  })

  it('keeps a release not yet due scheduled, and publishes it at its time', async () => {
    await scheduledRelease('rDiwali', 400, 60)
    clock.set(START + 30 * MINUTE)
    lake = await lake.restart()
    client = testLakeClient(lake.url)
    expect(await stateOf('rDiwali')).toBe('scheduled')
    clock.advance(30 * MINUTE)
    await waitForState('rDiwali', 'published')
    expect(await price()).toBe(400)
  })
})
