// What an import and a migration ask of `/data/mutate` besides the mutations: a `_createdAt` the document
// declares is kept (an import recreates a dataset as it was), and `autoGenerateArrayKeys=true` gives every keyless
// object in the arrays written a `_key` (sent by `sanity migration run`).
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

const KEY = /^[0-9a-f]{12}$/

describe('a declared _createdAt', () => {
  it('is kept by a create and a createOrReplace, and a value that is no date-time is not', async () => {
    await client.create({_id: 'old', _type: 'plan', _createdAt: '2021-03-04T05:06:07Z'})
    await client.createOrReplace({_id: 'old', _type: 'plan', _createdAt: '2020-01-01T00:00:00Z'})
    await client.create({_id: 'odd', _type: 'plan', _createdAt: 'yesterday'})
    expect((await client.getDocument('old'))?._createdAt).toBe('2020-01-01T00:00:00Z')
    const odd = await client.getDocument('odd')
    expect(odd?._createdAt).toBe(odd?._updatedAt)
  })

  it('stays as it was when a document is patched', async () => {
    await client.create({_id: 'kept', _type: 'plan', _createdAt: '2022-02-02T02:02:02Z'})
    await client.patch('kept').set({name: 'Kept'}).commit()
    expect((await client.getDocument('kept'))?._createdAt).toBe('2022-02-02T02:02:02Z')
  })
})

describe('autoGenerateArrayKeys', () => {
  it('keys the keyless objects of arrays a create and a patch write, and leaves keys given alone', async () => {
    const options = {autoGenerateArrayKeys: true} as const
    await client.mutate(
      [
        {
          create: {
            _id: 'keyed',
            _type: 'plan',
            features: [{title: 'a'}, {_key: 'given', title: 'b'}, 'plain'],
            nested: {rows: [{cells: [{value: 1}]}]},
          },
        },
      ],
      options,
    )
    await client.mutate(
      [{patch: {id: 'keyed', insert: {after: 'features[-1]', items: [{title: 'c'}]}}}],
      options,
    )
    await client.mutate([{patch: {id: 'keyed', set: {more: [{title: 'd'}]}}}], options)
    const doc = (await client.getDocument('keyed')) as unknown as {
      features: ({_key: string} | string)[]
      nested: {rows: {_key: string; cells: {_key: string}[]}[]}
      more: {_key: string}[]
    }
    const [first, given, plain, inserted] = doc.features
    expect(first).toMatchObject({_key: expect.stringMatching(KEY), title: 'a'})
    expect(given).toEqual({_key: 'given', title: 'b'})
    expect(plain).toBe('plain')
    expect(inserted).toMatchObject({_key: expect.stringMatching(KEY), title: 'c'})
    expect(doc.nested.rows[0]?._key).toMatch(KEY)
    expect(doc.nested.rows[0]?.cells[0]?._key).toMatch(KEY)
    expect(doc.more[0]?._key).toMatch(KEY)
  })

  it('keys nothing unless asked', async () => {
    await client.create({_id: 'unkeyed', _type: 'plan', features: [{title: 'a'}]})
    expect((await client.getDocument('unkeyed'))?.features).toEqual([{title: 'a'}])
  })
})
