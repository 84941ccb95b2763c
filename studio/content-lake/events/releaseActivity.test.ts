// What others hear of releases: listeners (with and without `includeAllVersions`), the webhook deliveries of one
// release publish (one `sanity-transaction-id`), and the release's activity as the Releases tool reads it.
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {MutationEvent, SanityClient} from '@sanity/client'
import {afterEach, expect, it} from 'vitest'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'
import {publishCatalogue} from '../testing/testCatalogue.ts'

let lake: TestLake | undefined
let receiver: Server | undefined
afterEach(async () => {
  await lake?.close()
  await new Promise((done) => (receiver ? receiver.close(done) : done(undefined)))
  lake = undefined
  receiver = undefined
})

/** A webhook receiver keeping each delivery's headers. */
async function webhookReceiver() {
  const deliveries: IncomingHttpHeaders[] = []
  receiver = createServer((request, response) => {
    deliveries.push(request.headers)
    request.resume()
    response.writeHead(200).end()
  })
  await new Promise<void>((listening) => receiver!.listen(0, '127.0.0.1', listening))
  return {deliveries, port: (receiver.address() as AddressInfo).port}
}

async function lakeWithRelease(
  webhooks: Parameters<typeof startTestLake>[1] = [],
): Promise<SanityClient> {
  lake = await startTestLake(undefined, webhooks)
  const client = testLakeClient(lake.url)
  await publishCatalogue(client)
  await client.releases.create({releaseId: 'rDiwali', metadata: {releaseType: 'asap'}})
  return client
}

/** The events a listener hears while `act` runs, once `count` have come. */
async function heard(
  client: SanityClient,
  options: {includeAllVersions?: boolean; visibility?: 'query' | 'transaction'},
  count: number,
  act: () => Promise<unknown>,
) {
  const events: MutationEvent[] = []
  let subscription: {unsubscribe: () => void} | undefined
  await new Promise<void>((done, fail) => {
    subscription = client
      .listen(
        '*[_type in ["indicator", "plan"]]',
        {},
        {...options, events: ['welcome', 'mutation']},
      )
      .subscribe({
        next: (event) => {
          if (event.type === 'welcome') act().catch(fail)
          else if (event.type === 'mutation') {
            events.push(event)
            if (events.length === count) done()
          }
        },
        error: fail,
      })
  })
  subscription?.unsubscribe()
  return events
}

it('tells listeners of versions only with includeAllVersions, and of a publish as one transaction', async () => {
  const client = await lakeWithRelease()
  // As the Studio's listenQuery listens: it refetches at once on a `query`-visible event.
  const versions = await heard(client, {includeAllVersions: true, visibility: 'query'}, 1, () =>
    client.createVersion({releaseId: 'rDiwali', publishedId: 'straddle', baseId: 'straddle'}),
  )
  expect(versions.map(({documentId}) => documentId)).toEqual(['versions.rDiwali.straddle'])
  expect(versions[0]?.visibility).toBe('query')
  await client.createVersion({releaseId: 'rDiwali', publishedId: 'pro', baseId: 'pro'})
  await client.patch('versions.rDiwali.pro').set({price: 1800}).commit()
  const published = await heard(client, {}, 2, () =>
    client.releases.publish({releaseId: 'rDiwali'}),
  )
  expect(published.map(({documentId}) => documentId).sort()).toEqual(['pro', 'straddle'])
  expect(new Set(published.map(({transactionId}) => transactionId)).size).toBe(1)
  expect(published[0]?.transactionTotalEvents).toBe(2)
  const history = await client.request<{
    events: Record<
      string,
      {type: string; publishCause?: string; releaseId?: string; versionId?: string}[]
    >
  }>({url: '/data/history/production/events/documents/pro'})
  expect(history.events.pro?.[0]).toMatchObject({
    type: 'publishDocumentVersion',
    publishCause: 'release.publish',
    releaseId: 'rDiwali',
    versionId: 'versions.rDiwali.pro',
    revisionId: published[0]?.transactionId,
  })
})

it('sends the webhook deliveries of a release publish with one transaction id', async () => {
  const {deliveries, port} = await webhookReceiver()
  const client = await lakeWithRelease([
    {
      url: `http://127.0.0.1:${port}/hooks/publish`,
      secret: 'test-secret',
      filter: '_type in ["indicator", "plan"]',
      projection: '{_id}',
    },
  ])
  for (const id of ['straddle', 'strangle', 'pro'])
    await client.createVersion({releaseId: 'rDiwali', publishedId: id, baseId: id})
  const before = deliveries.length
  const {transactionId} = await client.releases.publish({releaseId: 'rDiwali'})
  for (let tries = 0; tries < 100 && deliveries.length < before + 3; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50))
  const fromPublish = deliveries.slice(before)
  expect(fromPublish.map((headers) => headers['sanity-document-id']).sort()).toEqual([
    'pro',
    'straddle',
    'strangle',
  ])
  expect(fromPublish.map((headers) => headers['sanity-transaction-id'])).toEqual([
    transactionId,
    transactionId,
    transactionId,
  ])
})

it('answers a release’s activity, newest first, and its transactions for the edit events', async () => {
  const client = await lakeWithRelease()
  await client.createVersion({releaseId: 'rDiwali', publishedId: 'straddle', baseId: 'straddle'})
  await client.createVersion({releaseId: 'rDiwali', publishedId: 'pro', baseId: 'pro'})
  await client.action({
    actionType: 'sanity.action.document.version.discard',
    versionId: 'versions.rDiwali.pro',
  })
  await client.releases.schedule({releaseId: 'rDiwali', publishAt: '2099-01-01T00:00:00.000Z'})
  await client.releases.unschedule({releaseId: 'rDiwali'})
  await client.releases.publish({releaseId: 'rDiwali'})
  const {events, nextCursor} = await client.request<{
    events: {type: string; releaseName: string; documentId?: string; publishAt?: string}[]
    nextCursor: string
  }>({url: '/data/history/production/events/releases/rDiwali?limit=100'})
  expect(nextCursor).toBe('')
  expect(events.map(({type, documentId}) => (documentId ? `${type} ${documentId}` : type))).toEqual(
    [
      'publishRelease',
      'unscheduleRelease',
      'scheduleRelease',
      'discardDocumentFromRelease pro',
      'addDocumentToRelease pro',
      'addDocumentToRelease straddle',
      'createRelease',
    ],
  )
  expect(events.every(({releaseName}) => releaseName === 'rDiwali')).toBe(true)
  expect(events[2]?.publishAt).toBe('2099-01-01T00:00:00.000Z')
  const release = await client.releases.get({releaseId: 'rDiwali'})
  const transactions = await client.request<string>({
    url: '/data/history/production/transactions/_.releases.rDiwali?reverse=true&excludeContent=true',
  })
  const ids = transactions
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as {id: string}).id)
  expect(ids).toHaveLength(4)
  expect(ids[0]).toBe(release?._rev)
})
