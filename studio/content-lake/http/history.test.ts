// The Studio's history, from the lake's transaction log: a document's life as events, its transactions with
// mendoza effects that rebuild each revision, and the document as it was at a revision or a time.
// Written the way the Studio writes (actions with its transaction ids) through the real @sanity/client.
import {appendFileSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {applyPatch, type RawPatch} from 'mendoza'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
const writer = () => testLakeClient(lake.url)
/** With the lake's token unless given another; '' sends none. */
const api = (path: string, token = TEST_LAKE_TOKEN) =>
  fetch(
    `${lake.url}/v2025-02-19/data/history/production${path}`,
    token ? {headers: {Authorization: `Bearer ${token}`}} : {},
  )
const json = async (path: string) => (await api(path)).json()

type Transaction = {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
  effects: Record<string, {apply: RawPatch; revert: RawPatch}>
  mutations?: unknown[]
}
const transactions = async (path: string): Promise<Transaction[]> => {
  const response = await api(`/transactions/${path}`)
  expect(response.headers.get('content-type')).toBe('application/x-ndjson')
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Transaction)
}
const act = (transactionId: string, action: Record<string, unknown>) =>
  writer().action([action as never], {transactionId})
const ids = {draftId: 'drafts.straddle', publishedId: 'straddle'}
const edit = (transactionId: string, price: number) =>
  act(transactionId, {actionType: 'sanity.action.document.edit', ...ids, patch: {set: {price}}})

let publishedAt = ''
beforeAll(async () => {
  lake = await startTestLake()
  await writer().mutate(
    [{create: {_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500}}],
    {transactionId: 'seed'},
  )
  await edit('edit-1', 600)
  await edit('edit-2', 750)
  await act('publish-1', {actionType: 'sanity.action.document.publish', ...ids})
  publishedAt = new Date().toISOString()
  await new Promise((resolve) => setTimeout(resolve, 20))
  await edit('edit-3', 800)
  await act('discard-1', {
    actionType: 'sanity.action.document.version.discard',
    versionId: 'drafts.straddle',
  })
  await act('unpublish-1', {actionType: 'sanity.action.document.unpublish', ...ids})
  await act('publish-2', {actionType: 'sanity.action.document.publish', ...ids})
  await act('delete-1', {
    actionType: 'sanity.action.document.delete',
    publishedId: 'straddle',
    includeDrafts: ['drafts.straddle'],
  })
  // A document drafted and deleted without ever being published.
  await act('gamma-draft', {
    actionType: 'sanity.action.document.create',
    publishedId: 'gamma',
    attributes: {_type: 'indicator', name: 'Gamma'},
  })
  await act('gamma-delete', {
    actionType: 'sanity.action.document.delete',
    publishedId: 'gamma',
    includeDrafts: ['drafts.gamma'],
  })
})
afterAll(() => lake.close())

describe('events', () => {
  it("tells a document's life newest first, with the revisions the Studio selects", async () => {
    const {events, nextCursor} = (await json('/events/documents/straddle?limit=100')) as {
      events: {straddle: Record<string, unknown>[]}
      nextCursor: string
    }
    expect(nextCursor).toBe('')
    expect(events.straddle.map(({type}) => type)).toEqual([
      'deleteDocumentGroup',
      'publishDocumentVersion',
      'unpublishDocument',
      'deleteDocumentVersion',
      'createDocumentVersion',
      'publishDocumentVersion',
      'createDocumentVersion',
      'createDocumentVersion',
    ])
    const [deleted, republished, unpublished, discarded, redrafted, published, drafted, created] =
      events.straddle
    expect(created).toMatchObject({
      documentId: 'straddle',
      versionId: 'straddle',
      revisionId: 'seed',
      author: 'p-embedded-editor',
    })
    expect(drafted).toMatchObject({versionId: 'drafts.straddle', versionRevisionId: 'edit-1'})
    expect(published).toMatchObject({
      revisionId: 'publish-1',
      versionId: 'drafts.straddle',
      versionRevisionId: 'edit-2',
      publishCause: 'document.publish',
    })
    expect(redrafted).toMatchObject({versionRevisionId: 'edit-3'})
    expect(discarded).toMatchObject({type: 'deleteDocumentVersion', versionRevisionId: 'edit-3'})
    expect(unpublished).toMatchObject({
      versionId: 'drafts.straddle',
      versionRevisionId: 'unpublish-1',
    })
    expect(republished).toMatchObject({revisionId: 'publish-2', versionRevisionId: 'unpublish-1'})
    expect(deleted).toMatchObject({id: 'delete-1', documentId: 'straddle'})
    for (const event of events.straddle) expect(Date.parse(String(event.timestamp))).not.toBeNaN()
  })

  it('calls deleting the draft of a document never published deleting the document', async () => {
    const {events} = (await json('/events/documents/drafts.gamma')) as {
      events: Record<string, {type: string; id: string}[]>
    }
    expect(events['drafts.gamma']?.map(({type, id}) => [type, id])).toEqual([
      ['deleteDocumentGroup', 'gamma-delete'],
      ['createDocumentVersion', 'gamma-draft'],
    ])
  })

  it('answers for the draft id with the same group, and pages with limit and nextCursor', async () => {
    const first = (await json('/events/documents/drafts.straddle?limit=4')) as {
      events: Record<string, {id: string}[]>
      nextCursor: string
    }
    expect(first.events['drafts.straddle']?.map(({id}) => id)).toEqual([
      'delete-1',
      'publish-2',
      'unpublish-1',
      'discard-1',
    ])
    const rest = (await json(
      `/events/documents/drafts.straddle?limit=4&nextCursor=${first.nextCursor}`,
    )) as typeof first
    expect(rest.events['drafts.straddle']?.map(({id}) => id)).toEqual([
      'edit-3',
      'publish-1',
      'edit-1',
      'seed',
    ])
    expect(rest.nextCursor).toBe('')
  })
})

describe('transactions', () => {
  it('lists the transactions that touched the documents, oldest first, each revision rebuilt by its effects', async () => {
    const log = await transactions(
      'drafts.straddle?excludeContent=true&includeIdentifiedDocumentsOnly=true&effectFormat=mendoza',
    )
    expect(log.map(({id}) => id)).toEqual([
      'edit-1',
      'edit-2',
      'publish-1',
      'edit-3',
      'discard-1',
      'unpublish-1',
      'publish-2',
    ])
    expect(log[1]).toMatchObject({author: 'p-embedded-editor', documentIDs: ['drafts.straddle']})
    expect(Object.keys(log[2]?.effects ?? {})).toEqual(['drafts.straddle'])
    expect(log.every((transaction) => transaction.mutations === undefined)).toBe(true)

    let draft: unknown = null
    const prices = log.map(({effects}) => {
      const effect = effects['drafts.straddle']
      const before = draft
      draft = applyPatch(draft, effect?.apply ?? [])
      expect(applyPatch(draft, effect?.revert ?? [])).toEqual(before)
      return (draft as {price?: number} | null)?.price ?? null
    })
    expect(prices).toEqual([600, 750, null, 800, null, 750, null])
  })

  it('sets only the changed fields on an edit, so the history credits each field to its transaction', async () => {
    const [edit2] = await transactions(
      'drafts.straddle?fromTransaction=edit-2&toTransaction=edit-2&excludeContent=true',
    )
    const apply = edit2?.effects['drafts.straddle']?.apply ?? []
    const setFields = Array.from({length: apply.length / 3}, (_, index) => [
      apply[index * 3],
      apply[index * 3 + 2],
    ])
    expect(setFields.sort()).toEqual([
      [17, '_updatedAt'],
      [17, 'price'],
    ])
  })

  it('reads a range between two transactions (both included), newest first with reverse, with limit, and content when asked', async () => {
    const range = await transactions(
      'straddle,drafts.straddle?fromTransaction=edit-2&toTransaction=edit-3',
    )
    expect(range.map(({id}) => id)).toEqual(['edit-2', 'publish-1', 'edit-3'])
    expect(range[1]?.mutations).toEqual([
      {createOrReplace: expect.objectContaining({_id: 'straddle', price: 750})},
      {delete: {id: 'drafts.straddle'}},
    ])
    expect((await transactions('straddle?reverse=true&limit=2')).map(({id}) => id)).toEqual([
      'delete-1',
      'publish-2',
    ])
  })

  it('refuses a bad limit, time or cursor with 400 and a message, and answers nothing without a token', async () => {
    for (const bad of ['limit=0', 'limit=many', 'fromTime=yesterday']) {
      const response = await api(`/transactions/straddle?${bad}`)
      expect(response.status).toBe(400)
      expect(((await response.json()) as {error: {description: string}}).error.description).toMatch(
        /limit|fromTime/,
      )
    }
    const badCursor = await api('/events/documents/straddle?nextCursor=-4')
    expect(badCursor.status).toBe(400)
    expect(((await badCursor.json()) as {error: {description: string}}).error.description).toMatch(
      /nextCursor/,
    )
    expect((await api('/transactions/straddle', '')).status).toBe(401)
    expect((await api('/events/documents/straddle', 'wrong-token')).status).toBe(401)
  })
})

describe('documents at a revision', () => {
  const documents = async (path: string) =>
    (
      (await json(`/documents/${path}`)) as {
        documents: {_id: string; _rev: string; price: number}[]
      }
    ).documents

  it('gives each revision back, and the document as it was at a time', async () => {
    expect(await documents('drafts.straddle?revision=edit-1')).toEqual([
      expect.objectContaining({_rev: 'edit-1', price: 600}),
    ])
    expect(await documents('straddle?revision=publish-1')).toEqual([
      expect.objectContaining({_id: 'straddle', price: 750}),
    ])
    expect(await documents(`straddle?time=${encodeURIComponent(publishedAt)}`)).toEqual([
      expect.objectContaining({_rev: 'publish-1'}),
    ])
    expect(await documents('straddle?revision=no-such-revision')).toEqual([])
    // The draft's history lists the published document's creation; its revision is found through the pair.
    expect(await documents('drafts.straddle?revision=seed')).toEqual([
      expect.objectContaining({_id: 'straddle', price: 500}),
    ])
    expect(await documents('straddle?time=2000-01-01T00:00:00Z')).toEqual([])
    expect(await documents('straddle')).toEqual([])
  })

  it('gives a deleted document as it last was, for "Restore most recent revision", and each document once', async () => {
    expect(await documents('straddle,drafts.straddle?lastRevision=true')).toEqual([
      expect.objectContaining({_id: 'straddle', _rev: 'publish-2', price: 750}),
      expect.objectContaining({_id: 'drafts.straddle', _rev: 'unpublish-1'}),
    ])
    expect(await documents('straddle,drafts.straddle?revision=edit-1')).toEqual([
      expect.objectContaining({_id: 'drafts.straddle', _rev: 'edit-1'}),
    ])
  })
})

describe('the log on disk', () => {
  it('survives a restart, and a last line cut short by a crash is dropped without losing the others', async () => {
    const file = join(lake.dataDir, 'history', 'production.ndjson')
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(11)
    appendFileSync(file, '{"id":"torn","timest')
    lake = await lake.restart()
    expect((await transactions('straddle,drafts.straddle')).map(({id}) => id)).toHaveLength(9)
    await writer().mutate(
      [{create: {_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 900}}],
      {transactionId: 'recreate'},
    )
    expect((await transactions('straddle?reverse=true&limit=1')).map(({id}) => id)).toEqual([
      'recreate',
    ])
    expect(readFileSync(file, 'utf8')).not.toContain('torn')
  })
})
