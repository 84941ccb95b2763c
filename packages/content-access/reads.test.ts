// Recording what a render read, through the real @sanity/client against the embedded lake: each render gets the
// sync tags and the document tags of its own queries, even when renders overlap, and callers still get plain
// results.
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {recordingClient, recordingReads, sharingAnswers} from './reads.ts'

let lake: TestLake

beforeAll(async () => {
  lake = await startTestLake()
  await testLakeClient(lake.url)
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle'})
    .create({_id: 'pro', _type: 'plan', name: 'Pro'})
    .commit()
})
afterAll(() => lake.close())

const client = () =>
  recordingClient(testLakeClient(lake.url, {token: '', perspective: 'published'}))

const syncTagsOf = async (query: string, params: Record<string, unknown> = {}) =>
  (await testLakeClient(lake.url, {token: ''}).fetch(query, params, {filterResponse: false}))
    .syncTags ?? []

describe('recording what a render read', () => {
  it('gives each overlapping render the tags of its own queries, and plain results', async () => {
    const content = client()
    const [indicators, plans] = await Promise.all([
      recordingReads(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return content.fetch<string[]>('*[_type == "indicator"].name')
      }),
      recordingReads(() => content.fetch<string[]>('*[_type == "plan"].name')),
    ])
    expect(indicators.value).toEqual(['Straddle'])
    expect(plans.value).toEqual(['Pro'])
    expect(indicators.tags).toEqual(
      [...(await syncTagsOf('*[_type == "indicator"]')), 'type:indicator'].sort(),
    )
    expect(plans.tags).toEqual([...(await syncTagsOf('*[_type == "plan"]')), 'type:plan'].sort())
  })

  it('unions the tags of several queries in one render, and records nothing outside a render', async () => {
    const content = client()
    expect(await content.fetch('*[_type == "plan"][0].name')).toBe('Pro')
    const both = await recordingReads(async () => {
      await content.fetch('*[_type == "plan"]')
      const response = await content.fetch('*[_type == "indicator"]', {}, {filterResponse: false})
      return response.result
    })
    expect(both.value).toHaveLength(1)
    const expected = [
      ...(await syncTagsOf('*[_type == "plan"]')),
      ...(await syncTagsOf('*[_type == "indicator"]')),
      'type:indicator',
      'type:plan',
    ].sort()
    expect(both.tags).toEqual(expected)
    expect(content.getUrl('/data/query/production')).toBe(
      `${lake.url}/v2025-02-19/data/query/production`,
    )
  })

  it('records the document tags a query names beside its sync tags, with its params filled in', async () => {
    const content = client()
    const query = '*[_type == $type]{name, "plan": plan->name}'
    const read = await recordingReads(() => content.fetch(query, {type: 'indicator'}))
    const syncTags = await syncTagsOf(query, {type: 'indicator'})
    expect(syncTags.length).toBeGreaterThan(0)
    expect(syncTags.every((tag) => tag.startsWith('s1:'))).toBe(true)
    expect(read.tags).toEqual([...syncTags, '*', 'type:indicator'].sort())
  })
})

describe('a batch of renders sharing answers', () => {
  it('asks the lake once for a query every render of the batch runs, and records its tags in each', async () => {
    let asked = 0
    const lakeClient = testLakeClient(lake.url, {token: '', perspective: 'published'})
    const counted = recordingClient(
      new Proxy(lakeClient, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target)
          if (key !== 'fetch')
            return typeof value === 'function' ? (value as () => unknown).bind(target) : value
          return (...args: Parameters<typeof lakeClient.fetch>) => {
            asked += 1
            return lakeClient.fetch(...args)
          }
        },
      }),
    )
    const query = '*[_type == "plan"].name'
    const renders = await sharingAnswers(() =>
      Promise.all([1, 2, 3].map(() => recordingReads(() => counted.fetch<string[]>(query)))),
    )
    expect(asked).toBe(1)
    for (const render of renders) {
      expect(render.value).toEqual(['Pro'])
      expect(render.tags).toEqual([...(await syncTagsOf('*[_type == "plan"]')), 'type:plan'].sort())
    }
    await recordingReads(() => counted.fetch<string[]>(query))
    expect(asked).toBe(2)
  })
})
