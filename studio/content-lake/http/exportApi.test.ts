// The Export API (`GET /v<version>/data/export/<dataset>`) as Sanity's answers it: every document as NDJSON with
// a token, the published ones without, `types`, a scheduled release out as active, asset documents at the lake's
// address now and their bytes with Sanity's hash headers, errors as one JSON line, the dataset as it was when the
// request came whatever is written while the answer is read, and an answer cut by the lake stopping that never
// ends as if whole. The archives built from it are scripts/content's tests.
import {createHash} from 'node:crypto'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {quadrants} from '../testing/testImages.ts'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
let stopped = false
const writer = () => testLakeClient(lake.url)

const exportUrl = (query = '', dataset = 'production') =>
  `${lake.url}/v2025-02-19/data/export/${dataset}${query}`
const exported = (query = '', token = TEST_LAKE_TOKEN) =>
  fetch(exportUrl(query), token ? {headers: {Authorization: `Bearer ${token}`}} : {})

type Doc = {_id: string; _type: string; [field: string]: unknown}
const lines = async (response: Response) =>
  (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)

let imageId = ''
beforeAll(async () => {
  lake = await startTestLake()
  const image = await writer().assets.upload('image', await quadrants(64, 32), {
    filename: 'q.png',
  })
  imageId = image._id
  await writer()
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500})
    .create({_id: 'drafts.straddle', _type: 'indicator', name: 'Straddle', price: 750})
    .create({_id: 'terms', _type: 'legalPage', cover: {_type: 'image', asset: {_ref: imageId}}})
    .commit()
  await writer().releases.create({releaseId: 'rDiwali', metadata: {releaseType: 'scheduled'}})
  await writer().createVersion({releaseId: 'rDiwali', publishedId: 'straddle', baseId: 'straddle'})
  await writer().releases.schedule({releaseId: 'rDiwali', publishAt: '2099-11-01T00:00:00.000Z'})
})
afterAll(() => (stopped ? undefined : lake.close()))

describe('the Export API', () => {
  it('streams every document with a token, in the dataset order, as NDJSON', async () => {
    const response = await exported()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/x-ndjson')
    const docs = await lines(response)
    const ids = await writer().fetch<string[]>('*._id')
    expect(docs.map(({_id}) => _id)).toEqual(ids)
    expect(ids).toEqual(
      expect.arrayContaining([
        imageId,
        'straddle',
        'drafts.straddle',
        'terms',
        '_.releases.rDiwali',
        'versions.rDiwali.straddle',
      ]),
    )
    expect(docs.find(({_id}) => _id === 'drafts.straddle')).toEqual(
      await writer().getDocument('drafts.straddle'),
    )
  })

  it('sends a scheduled release as active and without its time, as Sanity does', async () => {
    const release = (await lines(await exported())).find(({_id}) => _id === '_.releases.rDiwali')
    expect(release).toMatchObject({state: 'active', name: 'rDiwali'})
    expect(release).not.toHaveProperty('publishAt')
    expect((await writer().releases.get({releaseId: 'rDiwali'}))?.state).toBe('scheduled')
  })

  it('gives an asset document the address the lake answers at now, where its bytes have Sanity’s hashes', async () => {
    const asset = (await lines(await exported())).find(({_id}) => _id === imageId)
    expect(asset?.url).toBe(`${lake.url}/${String(asset?.path)}`)
    const download = await fetch(String(asset?.url))
    const bytes = Buffer.from(await download.arrayBuffer())
    expect(download.headers.get('content-length')).toBe(String(bytes.length))
    expect(download.headers.get('x-sanity-sha1')).toBe(
      createHash('sha1').update(bytes).digest('hex'),
    )
    expect(download.headers.get('x-sanity-md5')).toBe(createHash('md5').update(bytes).digest('hex'))
  })

  it('sends only the published documents without a token, as for a query', async () => {
    const ids = (await lines(await exported('', ''))).map(({_id}) => _id)
    expect(ids.sort()).toEqual([imageId, 'straddle', 'terms'].sort())
  })

  it('keeps the types asked for, and every type for an empty list', async () => {
    expect((await lines(await exported('?types='))).length).toBe(
      (await lines(await exported())).length,
    )
    const docs = await lines(await exported('?types=indicator,system.release'))
    expect(docs.map(({_id}) => _id).sort()).toEqual([
      '_.releases.rDiwali',
      'drafts.straddle',
      'straddle',
      'versions.rDiwali.straddle',
    ])
  })

  it('answers errors as one JSON line, as the clients read them', async () => {
    const wrongToken = await exported('', 'not-the-token')
    expect(wrongToken.status).toBe(401)
    expect(await lines(wrongToken)).toEqual([
      {statusCode: 401, error: 'Unauthorized', message: 'Session not found'},
    ])
    const unknown = await fetch(exportUrl('', 'nothing-here'), {
      headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
    })
    expect(unknown.status).toBe(404)
    expect(await lines(unknown)).toEqual([
      {error: {description: 'Dataset "nothing-here" not found', type: 'notFoundError'}},
    ])
    const cursor = await exported('?nextCursor=abc')
    expect(cursor.status).toBe(400)
    expect((await lines(cursor))[0]).toMatchObject({error: {type: 'validationError'}})
    expect((await exported('?nextCursor=')).status).toBe(200)
    const posted = await fetch(exportUrl(), {method: 'POST'})
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET')
  })
})

describe('an export under way', () => {
  /** Reads an export until `bytes` have come, leaving the rest unread (the lake waits on the client). */
  async function begun(bytes: number) {
    const response = await exported()
    const reader = response.body!.getReader()
    let text = ''
    while (text.length < bytes) {
      const {value, done} = await reader.read()
      if (done) throw new Error('The export ended before it was under way')
      text += Buffer.from(value).toString('utf8')
    }
    const rest = async () => {
      for (;;) {
        const {value, done} = await reader.read()
        if (done) return text
        text += Buffer.from(value).toString('utf8')
      }
    }
    return {rest, sofar: () => text, cancel: () => reader.cancel()}
  }

  it('is the dataset as it was when it was asked for, whatever is written before it is read', async () => {
    const large = 'x'.repeat(6_000)
    // About 18 MB: more than the sockets between the lake and the test hold while the test reads nothing.
    for (let start = 0; start < 3_000; start += 500)
      await writer().mutate(
        Array.from({length: 500}, (_, offset) => ({
          createOrReplace: {_id: `bulk-${start + offset}`, _type: 'bulk', large},
        })),
      )
    const before = await writer().fetch<{_id: string; _rev: string}[]>('*{_id, _rev}')
    const reading = await begun(64 * 1024)
    const writes = Array.from({length: 100}, (_, index) =>
      index % 3 === 0
        ? writer().delete(`bulk-${2_999 - index}`)
        : index % 3 === 1
          ? writer()
              .patch(`bulk-${2_999 - index}`)
              .set({changed: true})
              .commit()
          : writer().create({_id: `new-${index}`, _type: 'bulk'}),
    )
    await Promise.all(writes)
    const docs = (await reading.rest())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Doc)
    expect(docs.map(({_id, _rev}) => ({_id, _rev}))).toEqual(before)
    expect(await writer().fetch('count(*[string::startsWith(_id, "new-")])')).toBe(33)
  })

  it('runs four at once, and refuses a fifth with 429 until one has ended', async () => {
    const running = await Promise.all(Array.from({length: 4}, () => begun(64 * 1024)))
    const fifth = await exported()
    expect(fifth.status).toBe(429)
    expect(fifth.headers.get('retry-after')).toBe('5')
    expect((await lines(fifth))[0]).toMatchObject({statusCode: 429, error: 'Too Many Requests'})
    await Promise.all(running.map(({cancel}) => cancel()))
    await expect.poll(async () => (await exported('?types=none')).status).toBe(200)
  })

  it('ends with its connection dropped when the lake stops, never as a whole answer', async () => {
    const documents = await writer().fetch<number>('count(*)')
    const reading = await begun(64 * 1024)
    stopped = true
    const closing = lake.close()
    await expect(reading.rest()).rejects.toThrow()
    await closing
    const received = reading.sofar().split('\n').filter(Boolean).length
    expect(received).toBeLessThan(documents)
  })
})
