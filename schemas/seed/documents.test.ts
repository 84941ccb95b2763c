// Every seed document passes the schema's own validation rules, checked by Sanity's validator on the
// compiled schema, with a real client against a throwaway embedded lake for the rules that query (unique slugs).
import type {SanityClient} from '@sanity/client'
import {createSchema} from 'sanity'
import {validateDocument} from '@sanity/validation'
import {schemaTypes} from '@quantedge/schemas'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import type {SanityDocument} from '@sanity/types'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {seedDocuments} from './documents.ts'
import {seedContentLake} from './seed.ts'

const schema = createSchema({name: 'default', types: schemaTypes})
let lake: TestLake
let client: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
  await seedContentLake(client, seedDocuments)
})
afterAll(() => lake.close())

const asStored = (doc: {_id: string; _type: string; [field: string]: unknown}): SanityDocument => ({
  _createdAt: '2026-11-01T00:00:00Z',
  _updatedAt: '2026-11-01T00:00:00Z',
  _rev: 'seed',
  ...doc,
})

const validate = (doc: SanityDocument) => validateDocument({document: doc, schema, client})
// Every marker counts, whatever its level: a seed document must raise none, a broken one must fail.
const problemsOf = (result: Awaited<ReturnType<typeof validate>>) => {
  expect(result.status).not.toBe('notEvaluated')
  return result.markers
}

describe('seed documents against the schema', () => {
  it('compiles the schema without problems', () => {
    expect(
      schema._validation?.flatMap((group) =>
        group.problems.filter((p) => p.severity === 'error'),
      ) ?? [],
    ).toEqual([])
  })

  it.each(seedDocuments.map((doc) => [doc._id, doc] as const))(
    '%s passes validation',
    async (_id, doc) => {
      const result = await validate(asStored(doc))
      expect(problemsOf(result)).toEqual([])
      expect(result.status).toBe('passed')
    },
  )

  it('holds the spec’s catalogue: 6 indicators at ₹500, 6 modules, 6 services, 2 plans at ₹3,300 a month', () => {
    const ofType = (type: string) => seedDocuments.filter((doc) => doc._type === type)
    expect(ofType('indicator').map((doc) => ('name' in doc ? doc.name : ''))).toEqual([
      'Straddle',
      'Strangle',
      'Spread',
      'Straddle RSI',
      'Option Greeks',
      'IV',
    ])
    expect(ofType('indicator').every((doc) => 'price' in doc && doc.price === 500)).toBe(true)
    expect(ofType('toolkitModule')).toHaveLength(6)
    expect(ofType('automationService')).toHaveLength(6)
    expect(
      ofType('plan').map(
        (doc) => 'price' in doc && 'billingPeriod' in doc && [doc.price, doc.billingPeriod],
      ),
    ).toEqual([
      [3300, 'month'],
      [3300, 'month'],
    ])
  })
})

describe('a broken document fails with its rule’s message', () => {
  const straddle = seedDocuments.find((doc) => doc._id === 'indicator-straddle')!

  it.each([
    ['a negative price', {price: -1}, 'A price is a positive whole number of rupees.'],
    ['a free indicator', {price: 0}, 'A price is a positive whole number of rupees.'],
    ['a price over a crore', {price: 10_000_001}, 'A price is a positive whole number of rupees.'],
    ['a price in paise', {price: 499.5}, 'A price is a positive whole number of rupees.'],
    ['a missing name', {name: undefined}, 'Required'],
    ['a name too long for a card', {name: 'An indicator name far too long to fit on a card'}, '40'],
    [
      'a slug another indicator has',
      {slug: {_type: 'slug', current: 'strangle'}},
      'Slug is already in use',
    ],
    [
      'a video with both a file and a URL',
      {demoVideo: {...('demoVideo' in straddle ? straddle.demoVideo : {}), file: {_type: 'file'}}},
      'not both',
    ],
    ['no demo video', {demoVideo: undefined}, 'Required'],
  ])('%s', async (_case, change, message) => {
    const broken = asStored({...straddle, _id: 'indicator-broken', ...change})
    const result = await validate(broken)
    expect(result.status).toBe('failed')
    expect(
      problemsOf(result)
        .map((problem) => problem.message)
        .join('\n'),
    ).toContain(message)
  })

  it.each([
    ['an empty price', undefined],
    ['a negative price', -1],
    ['a price in paise', 499.5],
  ])('%s raises the price message once, as the Studio lists it', async (_case, price) => {
    const result = await validate(asStored({...straddle, price}))
    expect(problemsOf(result).map((problem) => [problem.path, problem.message])).toEqual([
      [['price'], 'A price is a positive whole number of rupees.'],
    ])
  })

  it('refuses a direct-message link that is not https', async () => {
    const settings = seedDocuments.find((doc) => doc._id === 'siteSettings')!
    const errors = problemsOf(
      await validate(asStored({...settings, directMessageUrl: 'http://example.com/dm'})),
    )
    expect(errors.map((error) => error.path.join('.'))).toContain('directMessageUrl')
  })

  it('refuses a plan without a billing period', async () => {
    const plan = seedDocuments.find((doc) => doc._type === 'plan')!
    const errors = problemsOf(await validate(asStored({...plan, billingPeriod: undefined})))
    expect(errors.map((error) => error.path.join('.'))).toContain('billingPeriod')
  })
})
