// Sync tags through the real @sanity/client: query answers carry `syncTags` (read with `filterResponse: false`),
// and the Live Content API's `message` events carry the tags a change invalidates, in Sanity's shapes.
import type {LiveEvent} from '@sanity/client'
import {parse} from 'groq-js'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {querySyncTags} from './syncTags.ts'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake

beforeEach(async () => {
  lake = await startTestLake()
  await testLakeClient(lake.url)
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500})
    .create({_id: 'pro', _type: 'plan', name: 'Pro', features: ['alerts']})
    .create({_id: 'siteSettings', _type: 'siteSettings', footer: 'Hello'})
    .commit()
})
afterEach(() => lake.close())

const published = () => testLakeClient(lake.url, {token: '', perspective: 'published'})

async function tagsOf(query: string, params: Record<string, unknown> = {}) {
  const response = await published().fetch(query, params, {filterResponse: false})
  return response.syncTags ?? []
}

const intersects = (a: readonly string[], b: readonly string[]) => a.some((tag) => b.includes(tag))

/** The next `message` event's tags on a Live Content API stream, once the stream has said welcome. */
async function nextMessage(includeDrafts: boolean, change: () => Promise<unknown>) {
  const client = testLakeClient(lake.url, {token: includeDrafts ? TEST_LAKE_TOKEN : ''})
  const seen: LiveEvent[] = []
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  const subscription = client.live.events({includeDrafts}).subscribe((event) => {
    seen.push(event)
    if (event.type === 'welcome') welcomed()
  })
  await welcome
  await change()
  // Then a change to a type no test query reads, which every stream is told of: events keep commit order, so
  // the first message is the earlier change's if that was sent at all.
  await testLakeClient(lake.url).createOrReplace({_id: 'marker', _type: 'marker'})
  await expect.poll(() => seen.some((event) => event.type === 'message')).toBe(true)
  subscription.unsubscribe()
  return seen.flatMap((event) => (event.type === 'message' ? [event.tags] : []))
}

describe('sync tags in query answers', () => {
  it('tags a query by the document types it filters on, and one it cannot analyse by the whole dataset', async () => {
    const indicators = await tagsOf('*[_type == "indicator"]{name, price}')
    const plans = await tagsOf('*[_type == $type && defined(name)]', {type: 'plan'})
    const broad = await tagsOf('*[price > 1]{name}')
    expect(indicators).toHaveLength(1)
    expect(plans).toHaveLength(1)
    expect(broad).toHaveLength(1)
    expect(new Set([...indicators, ...plans, ...broad]).size).toBe(3)
    for (const tag of [...indicators, ...plans, ...broad]) expect(tag).toMatch(/^s1:[\w-]+$/)
    expect(await tagsOf('*[_type == "indicator"]{name, price}')).toEqual(indicators)
  })

  it('leaves the tags out of what fetch returns by default, as @sanity/client filters the response', async () => {
    expect(await published().fetch('*[_type == "plan"][0].name')).toBe('Pro')
  })

  it('takes the broad tag for dereferences, negations, alternatives and nested document sets', () => {
    const tags = (query: string) => querySyncTags(parse(query))
    const [broad] = tags('*')
    const [indicator] = tags('*[_type == "indicator"]')
    expect(tags('*[_type == "indicator"]{plan->}')).toEqual([broad, indicator].sort())
    expect(tags('*[!(_type == "indicator")]')).toEqual([broad])
    expect(tags('*[_type == "indicator" || _type == "plan"]')).toEqual([broad])
    expect(tags('*[_type in ["indicator", "plan"]]')).toHaveLength(2)
    expect(tags('*[_type == "indicator"]{"n": count(*[references(^._id)])}')).toContain(broad)
    expect(tags('*[_id == "siteSettings"][0]')).toHaveLength(1)
    expect(tags('*[_id == "siteSettings"][0]')).not.toContain(broad)
  })
})

describe('Live Content API messages', () => {
  it('sends the tags of a changed indicator, which meet an indicator query and miss a plan query', async () => {
    const [indicators, plans, broad, settings] = await Promise.all([
      tagsOf('*[_type == "indicator"]'),
      tagsOf('*[_type == "plan"]'),
      tagsOf('*[price > 1]'),
      tagsOf('*[_id == "siteSettings"][0]'),
    ])
    const messages = await nextMessage(false, () =>
      testLakeClient(lake.url).patch('straddle').set({price: 505}).commit(),
    )
    const [first] = messages
    expect(intersects(first!, indicators)).toBe(true)
    expect(intersects(first!, broad)).toBe(true)
    expect(intersects(first!, plans)).toBe(false)
    expect(intersects(first!, settings)).toBe(false)
  })

  it('tags a deleted document by its old type and a new one by its new type', async () => {
    const indicators = await tagsOf('*[_type == "indicator"]')
    const deleted = await nextMessage(false, () => testLakeClient(lake.url).delete('straddle'))
    expect(intersects(deleted[0]!, indicators)).toBe(true)
    const created = await nextMessage(false, () =>
      testLakeClient(lake.url).create({_id: 'iv', _type: 'indicator', name: 'IV'}),
    )
    expect(intersects(created[0]!, indicators)).toBe(true)
  })

  it('tells only drafts subscribers about a draft, by the id the drafts perspective shows', async () => {
    const settings = await tagsOf('*[_id == "siteSettings"][0]')
    const draft = () =>
      testLakeClient(lake.url).createOrReplace({
        _id: 'drafts.siteSettings',
        _type: 'siteSettings',
        footer: 'Draft',
      })
    const publishedMessages = await nextMessage(false, draft)
    expect(publishedMessages.some((tags) => intersects(tags, settings))).toBe(false)
    const draftMessages = await nextMessage(true, draft)
    expect(intersects(draftMessages[0]!, settings)).toBe(true)
  })
})
