// The embedded lake answers the real @sanity/client as Sanity's API does, for the calls this project makes.
import type {ClientPerspective, SanityClient} from '@sanity/client'
import {applyPatch, type RawPatch} from 'mendoza'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from './testing/testLake.ts'

let lake: TestLake

/** A client without a token unless one is given. */
const clientFor = (
  url: string,
  {token = '', perspective = 'raw'}: {token?: string; perspective?: ClientPerspective} = {},
) => testLakeClient(url, {token, perspective})
const writer = () => testLakeClient(lake.url)

beforeEach(async () => {
  lake = await startTestLake()
  await writer()
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500, order: 1})
    .create({_id: 'strangle', _type: 'indicator', name: 'Strangle', price: 500, order: 2})
    .create({_id: 'drafts.straddle', _type: 'indicator', name: 'Straddle', price: 750, order: 1})
    .create({_id: 'drafts.iv', _type: 'indicator', name: 'IV', price: 500, order: 6})
    .commit()
})
afterEach(() => lake.close())

describe('queries', () => {
  it('runs GROQ with params, sent as $param in the query string', async () => {
    const result = await clientFor(lake.url).fetch<{name: string}[]>(
      '*[_type == $type && price >= $min] | order(order asc){name}',
      {type: 'indicator', min: 500},
    )
    expect(result).toEqual([{name: 'Straddle'}, {name: 'Strangle'}])
  })

  it('answers long queries sent as POST', async () => {
    const padding = ' '.repeat(12_000)
    const result = await clientFor(lake.url).fetch<number>(`count(*[_type == $type])${padding}`, {
      type: 'indicator',
    })
    expect(result).toBe(2)
  })

  it('hides drafts from the published perspective, even with a token', async () => {
    const client = clientFor(lake.url, {token: TEST_LAKE_TOKEN, perspective: 'published'})
    const ids = await client.fetch<string[]>('*[_type == "indicator"]._id')
    expect(ids.sort()).toEqual(['straddle', 'strangle'])
  })

  it('lays drafts over published documents in the drafts perspective', async () => {
    const client = clientFor(lake.url, {token: TEST_LAKE_TOKEN, perspective: 'drafts'})
    const docs = await client.fetch<{_id: string; price: number}[]>(
      '*[_type == "indicator"] | order(order asc){_id, price}',
    )
    expect(docs).toEqual([
      {_id: 'straddle', price: 750},
      {_id: 'strangle', price: 500},
      {_id: 'iv', price: 500},
    ])
  })

  it.each(['raw', 'published', 'drafts'] as const)(
    'shows no dotted id to a request without a token (%s)',
    async (perspective) => {
      const client = clientFor(lake.url, {perspective})
      const docs = await client.fetch<{_id: string; price: number}[]>(
        '*[_type == "indicator"]{_id, price}',
      )
      expect(docs.map((doc) => doc._id).sort()).toEqual(['straddle', 'strangle'])
      expect(docs.every((doc) => doc.price === 500)).toBe(true)
    },
  )

  it('shows other dotted ids (such as preview secrets) to a token in every perspective, and to nobody else', async () => {
    await writer().create({
      _id: 'sanity-preview-url-secret.abc',
      _type: 'sanity.previewUrlSecret',
      secret: 's',
    })
    for (const perspective of ['published', 'drafts', 'raw'] as const) {
      const withToken = clientFor(lake.url, {token: TEST_LAKE_TOKEN, perspective})
      expect(await withToken.fetch('*[_type == "sanity.previewUrlSecret"]._id')).toEqual([
        'sanity-preview-url-secret.abc',
      ])
      expect(
        await clientFor(lake.url, {perspective}).fetch(
          'count(*[_type == "sanity.previewUrlSecret"])',
        ),
      ).toBe(0)
    }
  })

  it('reads published documents when no perspective is given, from API version 2025-02-19 on', async () => {
    const countDrafts = async (version: string) => {
      const query = encodeURIComponent('count(*[_id in path("drafts.**")])')
      const response = await fetch(`${lake.url}/v${version}/data/query/production?query=${query}`, {
        headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
      })
      return ((await response.json()) as {result: number}).result
    }
    expect(await countDrafts('2025-02-19')).toBe(0)
    expect(await countDrafts('2021-10-21')).toBe(2)
  })

  it('answers resultSourceMap queries with a source map, which the client turns into stega markers', async () => {
    const stega = testLakeClient(lake.url, {perspective: 'drafts'}).withConfig({
      stega: {enabled: true, studioUrl: 'http://studio.test'},
    })
    const names = await stega.fetch<{name: string}[]>(
      '*[_type == "indicator"] | order(order asc){name}',
    )
    expect(names.map(({name}) => name)).not.toEqual(['Straddle', 'Strangle', 'IV'])
    const {stegaClean} = await import('@sanity/client/stega')
    expect(stegaClean(names).map(({name}) => name)).toEqual(['Straddle', 'Strangle', 'IV'])
    const {resultSourceMap} = await clientFor(lake.url, {
      token: TEST_LAKE_TOKEN,
      perspective: 'drafts',
    }).fetch('*[_id == "straddle"][0]{name}', {}, {filterResponse: false, resultSourceMap: true})
    expect(resultSourceMap).toMatchObject({
      documents: expect.arrayContaining([{_id: 'drafts.straddle', _type: 'indicator'}]),
      mappings: {"$['name']": {type: 'value', source: {type: 'documentValue'}}},
    })
  })

  it("answers malformed GROQ with 400 and Sanity's queryParseError shape", async () => {
    const error = await clientFor(lake.url)
      .fetch('*[_type == "indicator"')
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      statusCode: 400,
      details: {type: 'queryParseError', query: '*[_type == "indicator"'},
    })
    expect((error as Error).message).toMatch(/GROQ query parse error/)
  })

  it('refuses an unknown perspective with 400', async () => {
    const response = await fetch(
      `${lake.url}/v2025-02-19/data/query/production?query=*&perspective=nope`,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: {description: expect.stringContaining('nope')},
    })
  })
})

describe('documents by id', () => {
  it('returns a document with its system fields', async () => {
    const doc = await clientFor(lake.url).getDocument('straddle')
    expect(doc).toMatchObject({_id: 'straddle', _type: 'indicator', price: 500})
    expect(doc?._rev).toEqual(expect.any(String))
    expect(doc?._createdAt).toEqual(expect.any(String))
  })

  it('omits a draft to a request without a token, and gives it to one with the token', async () => {
    expect(await clientFor(lake.url).getDocument('drafts.straddle')).toBeUndefined()
    expect(await writer().getDocument('drafts.straddle')).toMatchObject({price: 750})
  })
})

describe('mutations', () => {
  it('createIfNotExists keeps a document an editor changed', async () => {
    await writer().patch('strangle').set({price: 650}).commit()
    await writer().createIfNotExists({
      _id: 'strangle',
      _type: 'indicator',
      name: 'Strangle',
      price: 500,
    })
    expect(await writer().getDocument('strangle')).toMatchObject({price: 650})
  })

  it('createOrReplace replaces a document and keeps its creation time', async () => {
    const before = await writer().getDocument('strangle')
    await writer().createOrReplace({
      _id: 'strangle',
      _type: 'indicator',
      name: 'Strangle v2',
      price: 900,
    })
    const after = await writer().getDocument('strangle')
    expect(after).toMatchObject({name: 'Strangle v2', price: 900, _createdAt: before?._createdAt})
    expect(after).not.toHaveProperty('order')
  })

  it('patches with set, inc, unset and insert', async () => {
    await writer()
      .patch('straddle')
      .set({tags: ['options']})
      .inc({price: 100})
      .unset(['order'])
      .insert('after', 'tags[-1]', ['volatility'])
      .commit()
    const doc = await writer().getDocument('straddle')
    expect(doc).toMatchObject({price: 600, tags: ['options', 'volatility']})
    expect(doc).not.toHaveProperty('order')
  })

  it('applies a patch whose ifRevisionID matches and refuses a stale one with 409', async () => {
    const doc = await writer().getDocument('straddle')
    const updated = await writer()
      .patch('straddle')
      .ifRevisionId(doc!._rev)
      .set({price: 550})
      .commit()
    expect(updated.price).toBe(550)
    const error = await writer()
      .patch('straddle')
      .ifRevisionId(doc!._rev)
      .set({price: 1})
      .commit()
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({statusCode: 409, details: {type: 'mutationError'}})
    expect((await writer().getDocument('straddle'))?.price).toBe(550)
  })

  it('refuses to create an existing document with 409 and applies nothing of the transaction', async () => {
    const error = await writer()
      .transaction()
      .create({_id: 'oi', _type: 'indicator', name: 'OI'})
      .create({_id: 'straddle', _type: 'indicator', name: 'Duplicate'})
      .commit()
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({statusCode: 409})
    expect(await writer().getDocument('oi')).toBeUndefined()
  })

  it('deletes a document by id, and documents by query', async () => {
    await writer().delete('drafts.iv')
    expect(await writer().getDocument('drafts.iv')).toBeUndefined()
    await writer().delete({
      query: '*[_type == "indicator" && name == $name]',
      params: {name: 'Strangle'},
    })
    expect(await writer().fetch('*[_type == "indicator"]._id')).toEqual([
      'straddle',
      'drafts.straddle',
    ])
  })

  it('refuses writes without a token with 401 and with a wrong token with 401', async () => {
    const anonymous = await clientFor(lake.url)
      .create({_type: 'indicator', name: 'X'})
      .catch((caught: unknown) => caught)
    expect(anonymous).toMatchObject({statusCode: 401})
    const wrong = await clientFor(lake.url, {token: 'wrong'})
      .fetch('*')
      .catch((caught: unknown) => caught)
    expect(wrong).toMatchObject({statusCode: 401})
  })

  it('refuses a body that is not a list of mutations with 400', async () => {
    const response = await fetch(`${lake.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: {'Authorization': `Bearer ${TEST_LAKE_TOKEN}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({mutations: [{explode: {}}]}),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: {description: expect.stringContaining('exactly one of')},
    })
  })

  it('refuses malformed JSON with 400', async () => {
    const response = await fetch(`${lake.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
      body: '{"mutations": [',
    })
    expect(response.status).toBe(400)
  })
})

describe('actions, as the Studio sends them', () => {
  const act = (actions: Record<string, unknown>[]) =>
    writer().action(actions as Parameters<SanityClient['action']>[0])

  it('edits a published document through its draft, then publishes and deletes the draft', async () => {
    await act([
      {
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.strangle',
        publishedId: 'strangle',
        patch: {set: {price: 800}},
      },
    ])
    expect(await writer().getDocument('drafts.strangle')).toMatchObject({
      name: 'Strangle',
      price: 800,
    })
    expect((await writer().getDocument('strangle'))?.price).toBe(500)
    await act([
      {
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.strangle',
        publishedId: 'strangle',
      },
    ])
    expect((await writer().getDocument('strangle'))?.price).toBe(800)
    expect(await writer().getDocument('drafts.strangle')).toBeUndefined()
  })

  it('refuses to publish over a newer published revision with 409', async () => {
    const error = await act([
      {
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.straddle',
        publishedId: 'straddle',
        ifPublishedRevisionId: 'stale',
      },
    ]).catch((caught: unknown) => caught)
    expect(error).toMatchObject({statusCode: 409, details: {type: 'actionError'}})
    expect((await writer().getDocument('straddle'))?.price).toBe(500)
  })

  it('discards a draft, unpublishes into a draft, and deletes with drafts', async () => {
    await act([{actionType: 'sanity.action.document.discard', draftId: 'drafts.straddle'}])
    expect(await writer().getDocument('drafts.straddle')).toBeUndefined()
    await act([
      {
        actionType: 'sanity.action.document.unpublish',
        draftId: 'drafts.strangle',
        publishedId: 'strangle',
      },
    ])
    expect(await writer().getDocument('strangle')).toBeUndefined()
    expect(await writer().getDocument('drafts.strangle')).toMatchObject({name: 'Strangle'})
    await act([
      {
        actionType: 'sanity.action.document.delete',
        publishedId: 'strangle',
        includeDrafts: ['drafts.strangle'],
      },
    ])
    expect(await writer().getDocument('drafts.strangle')).toBeUndefined()
  })

  it('discards, creates and replaces drafts named as versions, as "Discard changes" and history restores send them', async () => {
    await act([
      {actionType: 'sanity.action.document.version.discard', versionId: 'drafts.straddle'},
    ])
    expect(await writer().getDocument('drafts.straddle')).toBeUndefined()
    const base = await writer().getDocument('strangle')
    await act([
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'strangle',
        baseId: 'strangle',
        versionId: 'drafts.strangle',
        ifBaseRevisionId: base?._rev,
      },
    ])
    expect(await writer().getDocument('drafts.strangle')).toMatchObject({
      name: 'Strangle',
      price: 500,
    })
    await act([
      {
        actionType: 'sanity.action.document.version.replace',
        document: {_id: 'drafts.strangle', _type: 'indicator', name: 'Strangle', price: 640},
      },
    ])
    expect(await writer().getDocument('drafts.strangle')).toMatchObject({price: 640})
    const stale = await act([
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: 'straddle',
        baseId: 'straddle',
        versionId: 'drafts.straddle',
        ifBaseRevisionId: 'stale',
      },
    ]).catch((caught: unknown) => caught)
    expect(stale).toMatchObject({statusCode: 409})
  })

  it('creates a new document as a draft and refuses an unknown action with 400', async () => {
    await act([
      {
        actionType: 'sanity.action.document.create',
        publishedId: 'oi',
        attributes: {_id: 'drafts.oi', _type: 'indicator', name: 'OI'},
        ifExists: 'fail',
      },
    ])
    expect(await writer().getDocument('drafts.oi')).toMatchObject({name: 'OI'})
    expect(
      await act([{actionType: 'sanity.action.document.explode'}]).catch(
        (caught: unknown) => caught,
      ),
    ).toMatchObject({statusCode: 400})
  })
})

describe('listeners', () => {
  type Received = {
    type: string
    documentId?: string
    transition?: string
    previousRev?: string
    resultRev?: string
    result?: {price?: number}
    effects?: {apply: RawPatch; revert: RawPatch}
  }

  const listenTo = (client: SanityClient, query: string) => {
    const received: Received[] = []
    const subscription = client
      .listen(
        query,
        {},
        {events: ['welcome', 'mutation'], includeResult: true, effectFormat: 'mendoza'},
      )
      .subscribe((event) => {
        received.push(event as Received)
      })
    return {received, stop: () => subscription.unsubscribe()}
  }
  const until = async (check: () => boolean) => {
    for (let attempt = 0; attempt < 100 && !check(); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(check()).toBe(true)
  }

  it('welcomes, then sends matching changes with chained revisions, results and mendoza effects', async () => {
    const listener = listenTo(writer(), '*[_type == "indicator"]')
    await until(() => listener.received.some((event) => event.type === 'welcome'))
    const before = await writer().getDocument('strangle')
    await writer().patch('strangle').set({price: 525}).commit()
    await writer().create({_id: 'note', _type: 'note'})
    await until(() => listener.received.some((event) => event.type === 'mutation'))
    listener.stop()
    const mutations = listener.received.filter((event) => event.type === 'mutation')
    expect(mutations).toHaveLength(1)
    expect(mutations[0]).toMatchObject({
      documentId: 'strangle',
      transition: 'update',
      previousRev: before?._rev,
      result: {price: 525},
    })
    expect(mutations[0]?.resultRev).toBe((await writer().getDocument('strangle'))?._rev)
    const {_rev: _before, ...contentBefore} = before ?? {}
    const {_rev: _after, ...contentAfter} = (await writer().getDocument('strangle')) ?? {}
    expect(applyPatch(contentBefore, mutations[0]?.effects?.apply ?? [])).toEqual(contentAfter)
    expect(applyPatch(contentAfter, mutations[0]?.effects?.revert ?? [])).toEqual(contentBefore)
  })

  it("uses the client's transaction id as the new revision, and groups a publish's two changes in one transaction", async () => {
    type Event = Received & {
      transactionId?: string
      transactionTotalEvents?: number
      transactionCurrentEvent?: number
    }
    const listener = listenTo(writer(), '*[_type == "indicator"]')
    await until(() => listener.received.some((event) => event.type === 'welcome'))
    const draftRev = (await writer().getDocument('drafts.straddle'))?._rev
    await writer().action(
      [
        {
          actionType: 'sanity.action.document.publish',
          draftId: 'drafts.straddle',
          publishedId: 'straddle',
          ifDraftRevisionId: draftRev,
        },
      ],
      {transactionId: 'studio-tx-1'},
    )
    await until(() => listener.received.filter((event) => event.type === 'mutation').length === 2)
    listener.stop()
    const events = listener.received.filter((event) => event.type === 'mutation') as Event[]
    expect(events.map(({documentId, transition}) => [documentId, transition]).sort()).toEqual([
      ['drafts.straddle', 'disappear'],
      ['straddle', 'update'],
    ])
    for (const event of events)
      expect(event).toMatchObject({
        transactionId: 'studio-tx-1',
        resultRev: 'studio-tx-1',
        transactionTotalEvents: 2,
      })
    expect(events.map((event) => event.transactionCurrentEvent).sort()).toEqual([1, 2])
    expect((await writer().getDocument('straddle'))?._rev).toBe('studio-tx-1')
  })

  it('keeps drafts from a listener without a token', async () => {
    const anonymous = listenTo(clientFor(lake.url), '*[_type == "indicator"]')
    const withToken = listenTo(writer(), '*[_type == "indicator"]')
    await until(() => anonymous.received.length > 0 && withToken.received.length > 0)
    await writer().patch('drafts.straddle').set({price: 760}).commit()
    await until(() => withToken.received.some((event) => event.type === 'mutation'))
    anonymous.stop()
    withToken.stop()
    expect(anonymous.received.filter((event) => event.type === 'mutation')).toEqual([])
  })
})

describe('persistence', () => {
  it('keeps published and draft documents across a restart', async () => {
    await writer().patch('straddle').set({price: 525}).commit()
    lake = await lake.restart()
    expect(await writer().getDocument('straddle')).toMatchObject({price: 525})
    expect(await writer().getDocument('drafts.straddle')).toMatchObject({price: 750})
  })

  it('refuses a second lake on the same data folder', async () => {
    const {startContentLake} = await import('./server.ts')
    await expect(startContentLake({dataDir: lake.dataDir, token: 'x', port: 0})).rejects.toThrow(
      /is in use by the embedded Content Lake \(process \d+/,
    )
  })
})
