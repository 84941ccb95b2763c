// Racing writers, sent as clients really send them: hundreds of transactions in flight on one HTTP/2 session
// (as the Studio multiplexes its saves), and the same bursts over many HTTP/1.1 connections. Every
// acknowledged write is counted back; of two writers that race for one precondition exactly one wins.
import type {ClientHttp2Session} from 'node:http2'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {http2Request, openHttp2Session} from '../testing/testHttp2.ts'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'

type Answer = {
  status: number
  body: {results?: unknown[]; error?: {description?: string; type?: string}}
}
type Send = (endpoint: 'mutate' | 'actions', body: unknown) => Promise<Answer>

const PAIRS = 150
const authorization = `Bearer ${TEST_LAKE_TOKEN}`

let lake: TestLake
let session: ClientHttp2Session
beforeAll(async () => {
  lake = await startTestLake(undefined, [], {secure: true})
  session = await openHttp2Session(lake)
})
afterAll(async () => {
  session.close()
  await lake.close()
})

const overHttp2: Send = async (endpoint, body) => {
  const headers = {
    ':method': 'POST',
    ':path': `/v2025-02-19/data/${endpoint}/production`,
    'content-type': 'application/json',
    authorization,
  }
  const answer = await http2Request(session, headers, JSON.stringify(body))
  return {status: answer.status, body: JSON.parse(answer.text) as Answer['body']}
}

/** Node's fetch opens a connection per request in flight, so a burst spreads over as many connections. */
const overHttp1: Send = async (endpoint, body) => {
  const response = await fetch(`${lake.url}/v2025-02-19/data/${endpoint}/production`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Authorization': authorization},
    body: JSON.stringify(body),
  })
  return {status: response.status, body: (await response.json()) as Answer['body']}
}

const read = (id: string) => testLakeClient(lake.url).getDocument(id)
const statuses = (answers: Answer[]) => answers.map(({status}) => status).sort()

describe.each([
  ['one HTTP/2 session', overHttp2, 'h2'],
  ['many HTTP/1.1 connections', overHttp1, 'h1'],
] as const)('%s with hundreds of writes in flight', (_, send, prefix) => {
  it('counts every acknowledged inc: the final count equals the acknowledged writes', async () => {
    const id = `${prefix}-counter`
    await send('mutate', {mutations: [{create: {_id: id, _type: 'counter', count: 0}}]})
    const answers = await Promise.all(
      Array.from({length: 2 * PAIRS}, () =>
        send('mutate', {mutations: [{patch: {id, inc: {count: 1}}}]}),
      ),
    )
    const acknowledged = answers.filter(({status}) => status === 200).length
    expect(acknowledged).toBe(2 * PAIRS)
    expect((await read(id))?.count).toBe(acknowledged)
  })

  it('creates each id once: of two creates of one id exactly one gets 200, the other Sanity’s 409', async () => {
    const create = (pair: number, by: string) =>
      send('mutate', {mutations: [{create: {_id: `${prefix}-pair-${pair}`, _type: 'pair', by}}]})
    const pairs = await Promise.all(
      Array.from({length: PAIRS}, (_, pair) =>
        Promise.all([create(pair, 'first'), create(pair, 'second')]),
      ),
    )
    for (const [pair, answers] of pairs.entries()) {
      expect(statuses(answers)).toEqual([200, 409])
      const loser = answers.find(({status}) => status === 409)
      expect(loser?.body.error?.description).toContain('already exists')
      const winner = answers[0]?.status === 200 ? 'first' : 'second'
      expect((await read(`${prefix}-pair-${pair}`))?.by).toBe(winner)
    }
  })

  it('honours ifRevisionID: of two patches from the same revision exactly one wins, and its value stays', async () => {
    const ids = Array.from({length: PAIRS}, (_, pair) => `${prefix}-locked-${pair}`)
    await send('mutate', {
      mutations: ids.map((id) => ({create: {_id: id, _type: 'locked', value: 'start'}})),
    })
    const revisions = await Promise.all(ids.map(async (id) => (await read(id))?._rev))
    const patch = (id: string, revision: string | undefined, value: string) =>
      send('mutate', {mutations: [{patch: {id, ifRevisionID: revision, set: {value}}}]})
    const pairs = await Promise.all(
      ids.map((id, pair) =>
        Promise.all([patch(id, revisions[pair], 'one'), patch(id, revisions[pair], 'two')]),
      ),
    )
    for (const [pair, answers] of pairs.entries()) {
      expect(statuses(answers)).toEqual([200, 409])
      const winner = answers[0]?.status === 200 ? 'one' : 'two'
      expect((await read(ids[pair] ?? ''))?.value).toBe(winner)
    }
  })

  it('keeps an edit that races a publish of the same draft: it lands in the published document or in a new draft', async () => {
    const ids = Array.from({length: PAIRS}, (_, pair) => `${prefix}-article-${pair}`)
    await send('mutate', {
      mutations: ids.flatMap((id) => [
        {create: {_id: id, _type: 'article', title: 'published'}},
        {create: {_id: `drafts.${id}`, _type: 'article', title: 'draft'}},
      ]),
    })
    const publish = (id: string) =>
      send('actions', {
        actions: [
          {actionType: 'sanity.action.document.publish', draftId: `drafts.${id}`, publishedId: id},
        ],
      })
    const edit = (id: string) =>
      send('actions', {
        actions: [
          {
            actionType: 'sanity.action.document.edit',
            draftId: `drafts.${id}`,
            publishedId: id,
            patch: {set: {title: 'edited'}},
          },
        ],
      })
    // Half the pairs send the publish first, half the edit.
    const raced = await Promise.all(
      ids.map((id, pair) =>
        Promise.all(pair % 2 ? [publish(id), edit(id)] : [edit(id), publish(id)]),
      ),
    )
    for (const [pair, answers] of raced.entries()) {
      expect(statuses(answers)).toEqual([200, 200])
      const id = ids[pair] ?? ''
      const [published, draft] = await Promise.all([read(id), read(`drafts.${id}`)])
      // Edit first: the publish carries the edit. Publish first: the edit starts a new draft from it.
      const outcome = draft
        ? {published: published?.title, draft: draft.title}
        : {published: published?.title}
      expect([{published: 'edited'}, {published: 'draft', draft: 'edited'}]).toContainEqual(outcome)
    }
  })
})
