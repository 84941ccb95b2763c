// The content CLI acts as the Studio does, through the Actions API of a real (embedded) Content Lake.
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {discardDraft, editDraft, publishDraft} from './editor.ts'

let lake: TestLake
const client = () => testLakeClient(lake.url)

beforeAll(async () => {
  lake = await startTestLake()
  await client().create({
    _id: 'indicator-straddle',
    _type: 'indicator',
    name: 'Straddle',
    price: 500,
  })
})
afterAll(() => lake.close())

describe('the content CLI’s editor', () => {
  it('edits a draft made from the published document, publishes it, and discards another', async () => {
    await editDraft(client(), 'indicator-straddle', {price: 750})
    expect(await client().getDocument('drafts.indicator-straddle')).toMatchObject({
      name: 'Straddle',
      price: 750,
    })
    expect(await client().getDocument('indicator-straddle')).toMatchObject({price: 500})

    await publishDraft(client(), 'indicator-straddle')
    expect(await client().getDocument('indicator-straddle')).toMatchObject({price: 750})
    expect(await client().getDocument('drafts.indicator-straddle')).toBeUndefined()

    await editDraft(client(), 'indicator-straddle', {name: 'Straddle Pro'})
    await discardDraft(client(), 'indicator-straddle')
    expect(await client().getDocument('drafts.indicator-straddle')).toBeUndefined()
    expect(await client().getDocument('indicator-straddle')).toMatchObject({
      name: 'Straddle',
      price: 750,
    })
  })

  it('goes through the Actions API, so the lake refuses what Sanity refuses, in its words', async () => {
    await expect(publishDraft(client(), 'indicator-straddle')).rejects.toThrow(
      'Cannot publish "indicator-straddle": it has no draft',
    )
    await expect(editDraft(client(), 'indicator-missing', {price: 1})).rejects.toThrow(
      'it has no draft and is not published',
    )
  })
})
