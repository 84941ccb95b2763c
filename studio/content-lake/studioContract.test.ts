// What the embedded lake answers the Studio beyond documents and mutations: HTTP/2 over TLS with the local
// authority's certificate, signing in, the project and the editor's grants, preferences, asset uploads
// and search. Real @sanity/client where the Studio uses it; Node's http2 client for the transport.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from './testing/testLake.ts'
import {http2Request as request, openHttp2Session} from './testing/testHttp2.ts'

let lake: TestLake
const writer = () => testLakeClient(lake.url)
const authorization = {Authorization: `Bearer ${TEST_LAKE_TOKEN}`}
const api = (path: string, init: RequestInit = {}) => fetch(`${lake.url}/v2025-02-19${path}`, init)
const json = async (path: string, init: RequestInit = {}) =>
  (await api(path, {...init, headers: {...authorization, ...init.headers}})).json()

beforeAll(async () => {
  lake = await startTestLake(undefined, [], {secure: true})
  await writer()
    .transaction()
    .create({
      _id: 'straddle',
      _type: 'indicator',
      name: 'Straddle',
      description: 'Combined premium of the ATM call and put',
      price: 500,
    })
    .create({
      _id: 'strangle',
      _type: 'indicator',
      name: 'Strangle',
      description: 'Out-of-the-money call and put pair',
      price: 500,
    })
    .create({
      _id: 'drafts.straddle',
      _type: 'indicator',
      name: 'Straddle',
      description: 'Decay curve for expiry day',
      price: 750,
    })
    .commit()
})
afterAll(() => lake.close())

describe('HTTP/2 over TLS', () => {
  it('speaks HTTP/2 with a certificate for localhost and <projectId>.localhost, signed by the local authority', async () => {
    for (const servername of ['localhost', 'embedded.localhost']) {
      const session = await openHttp2Session(lake, servername)
      const answer = await request(session, {':path': '/v1/ping'})
      expect(session.alpnProtocol).toBe('h2')
      expect(answer).toEqual({status: 200, text: 'PONG'})
      session.close()
    }
  })

  it('keeps six listeners open and still saves on the same connection, which HTTP/1.1 in a browser cannot', async () => {
    const session = await openHttp2Session(lake, 'embedded.localhost')
    const listenPath = `/v2025-02-19/data/listen/production?query=${encodeURIComponent('*[_type == "indicator"]')}`
    const received = Array.from({length: 6}, () => '')
    const streams = received.map((_, index) => {
      const stream = session.request({':path': listenPath, ...authorization})
      stream.on('data', (chunk: Buffer) => (received[index] += chunk.toString('utf8')))
      return stream
    })
    await expect.poll(() => received.every((text) => text.includes('event: welcome'))).toBe(true)
    const saved = await request(
      session,
      {
        ':path': '/v2025-02-19/data/mutate/production',
        ':method': 'POST',
        'content-type': 'application/json',
        ...authorization,
      },
      JSON.stringify({mutations: [{patch: {id: 'strangle', set: {price: 510}}}]}),
    )
    expect(saved.status).toBe(200)
    await expect.poll(() => received.every((text) => text.includes('event: mutation'))).toBe(true)
    for (const stream of streams) stream.close()
    session.close()
  })
})

describe('signing in', () => {
  const signIn = (origin: string) =>
    api(`/auth/login/embedded?origin=${encodeURIComponent(origin)}&projectId=embedded&type=dual`, {
      redirect: 'manual',
    })

  it('sends a Studio on this machine back with a one-time session id, exchanged once for the token', async () => {
    const response = await signIn('http://localhost:3333/structure')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3333/structure')
    const sid = /^#sid=(.{20,})$/.exec(location.hash)?.[1] ?? ''
    const exchanged = await api(`/auth/fetch?sid=${sid}`)
    expect(await exchanged.json()).toMatchObject({token: TEST_LAKE_TOKEN})
    expect((await api(`/auth/fetch?sid=${sid}`)).status).toBe(401)
  })

  it('refuses to sign in a Studio served from anywhere else, and answers /users/me only with the token', async () => {
    expect((await signIn('https://studio.example.com/')).status).toBe(400)
    expect((await signIn('javascript:alert(1)')).status).toBe(400)
    expect((await api('/auth/fetch?sid=made-up-session-id-0000')).status).toBe(401)
    expect((await api('/users/me')).status).toBe(401)
    expect((await api('/auth/id')).status).toBe(401)
    expect(await json('/users/me')).toMatchObject({
      id: 'p-embedded-editor',
      name: 'Local editor',
      role: 'administrator',
    })
    expect(await json('/auth/id')).toEqual({id: 'p-embedded-editor'})
  })
})

describe('live events, for the Presentation tool', () => {
  it('welcomes, then sends the changed tags after a change a subscriber may see; drafts need a token', async () => {
    const read = async (response: Response, until: string) => {
      const reader = response.body!.getReader()
      let text = ''
      while (!text.includes(until)) text += new TextDecoder().decode((await reader.read()).value)
      await reader.cancel()
      return text
    }
    const published = await api('/data/live/events/production')
    expect(published.headers.get('content-type')).toBe('text/event-stream')
    const publishedText = read(published, 'event: message')
    const drafts = await api('/data/live/events/production?includeDrafts=true', {
      headers: authorization,
    })
    const draftsText = read(drafts, 'event: message')
    await writer().patch('strangle').set({price: 505}).commit()
    expect(await publishedText).toMatch(
      /^event: welcome\n[\s\S]*event: message\nid: .+\ndata: \{"tags":\["s1:/,
    )
    expect(await draftsText).toContain('event: message')
    expect((await api('/data/live/events/production?includeDrafts=true')).status).toBe(401)
    expect(await (await api('/check/cors')).json()).toEqual({
      result: {allowed: true, withCredentials: true},
    })
  })
})

describe('project, grants and preferences', () => {
  it('grants the editor read, create, update, delete and history on every document, which makes forms editable', async () => {
    const grants = (await json('/projects/embedded/datasets/production/acl')) as {
      filter: string
      permissions: string[]
    }[]
    expect(grants).toEqual([
      {
        filter: '_id in path("**")',
        permissions: expect.arrayContaining(['read', 'create', 'update', 'delete', 'history']),
      },
    ])
    const project = (await json('/projects/embedded')) as {id: string; members: {id: string}[]}
    expect(project.id).toBe('embedded')
    expect(project.members.map(({id}) => id)).toEqual(['p-embedded-editor'])
    expect(await json('/projects/embedded/grants')).toHaveProperty('sanity.project')
  })

  it('answers the add-on probes with empty lists and names only Content Releases among the features', async () => {
    expect(
      await json('/projects/embedded/datasets?datasetProfile=comments&addonFor=production'),
    ).toEqual([])
    expect(await json('/projects/embedded/user-applications')).toEqual([])
    expect(await json('/features')).toEqual(['contentReleases', 'singleDocRelease'])
    expect(await json('/journey/document-limit')).toEqual([])
    expect(await json('/schedules/embedded/production?limit=1')).toEqual({schedules: []})
    expect(await json('/projects/embedded/datasets/production/settings/indexing')).toEqual({
      partialIndexing: false,
    })
    expect(await json('/projects/embedded/roles')).toEqual([
      {name: 'administrator', title: 'Administrator'},
    ])
    expect(await json('/access/requests/me')).toEqual([])
    expect(await json('/intake/telemetry-status')).toEqual({status: 'denied'})
    expect((await api('/intake/batch', {method: 'POST', body: '[]'})).status).toBe(204)
    expect(await json('/auth/logout', {method: 'POST'})).toEqual({})
  })

  it('describes the local editor to the user store, and nobody else', async () => {
    expect(await json('/users/p-embedded-editor,p-someone-else')).toEqual([
      expect.objectContaining({id: 'p-embedded-editor', name: 'Local editor'}),
      null,
    ])
  })

  it('keeps the editor’s preferences', async () => {
    expect(await json('/users/me/keyvalue/studio.layout,studio.theme')).toEqual([
      {key: 'studio.layout', value: null},
      {key: 'studio.theme', value: null},
    ])
    await json('/users/me/keyvalue', {
      method: 'PUT',
      body: JSON.stringify([{key: 'studio.layout', value: {width: 320}}]),
    })
    expect(await json('/users/me/keyvalue/studio.layout')).toEqual([
      {key: 'studio.layout', value: {width: 320}},
    ])
  })

  it('answers an unknown endpoint with 404 and a message', async () => {
    const response = await api('/no/such/endpoint', {headers: authorization})
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('/no/such/endpoint'),
    })
  })
})

describe('asset uploads', () => {
  const poster = readFileSync(join(import.meta.dirname, '../../web/public/demos/straddle.webp'))

  it('stores an image once by its hash, describes it as Sanity does, and serves the same bytes', async () => {
    const asset = await writer().assets.upload('image', poster, {filename: 'straddle.webp'})
    expect(asset).toMatchObject({
      _type: 'sanity.imageAsset',
      extension: 'webp',
      mimeType: 'image/webp',
      originalFilename: 'straddle.webp',
      size: poster.length,
      metadata: {dimensions: {width: expect.any(Number), height: expect.any(Number)}},
    })
    const {width, height} = (asset.metadata as {dimensions: {width: number; height: number}})
      .dimensions
    expect(asset._id).toBe(`image-${asset.sha1hash}-${width}x${height}-webp`)
    const served = await fetch(asset.url)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(Buffer.from(await served.arrayBuffer()).equals(poster)).toBe(true)
    expect((await writer().assets.upload('image', poster, {filename: 'again.webp'}))._id).toBe(
      asset._id,
    )
  })

  it('keeps uploads, documents and drafts across a restart, and answers HTTP/2 again with the same authority', async () => {
    const asset = await writer().assets.upload('image', poster, {filename: 'kept.webp'})
    const authority = readFileSync(lake.authorityPath ?? '')
    lake = await lake.restart()
    expect(readFileSync(lake.authorityPath ?? '').equals(authority)).toBe(true)
    expect(await writer().getDocument(asset._id)).toMatchObject({sha1hash: asset.sha1hash})
    expect(await writer().getDocument('drafts.straddle')).toMatchObject({price: 750})
    const moved = asset.url.replace(/^http:\/\/[^/]+/, lake.url)
    expect(Buffer.from(await (await fetch(moved)).arrayBuffer()).equals(poster)).toBe(true)
    const session = await openHttp2Session(lake, 'embedded.localhost')
    expect(session.alpnProtocol).toBe('h2')
    session.close()
  })

  it('stores files with their extension, and refuses a non-image as an image, an empty body and a missing token', async () => {
    const clip = Buffer.from('not really an mp4, but bytes all the same')
    const file = await writer().assets.upload('file', clip, {
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    })
    expect(file).toMatchObject({
      _type: 'sanity.fileAsset',
      extension: 'mp4',
      mimeType: 'video/mp4',
      _id: `file-${file.sha1hash}-mp4`,
    })
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer()).equals(clip)).toBe(true)
    const notImage = await writer()
      .assets.upload('image', clip)
      .catch((caught: unknown) => caught)
    expect(notImage).toMatchObject({statusCode: 400})
    expect(
      (await api('/assets/images/production', {method: 'POST', headers: authorization, body: ''}))
        .status,
    ).toBe(400)
    expect((await api('/assets/images/production', {method: 'POST', body: poster})).status).toBe(
      401,
    )
    expect(
      (await fetch(`${lake.url}/images/embedded/production/${'0'.repeat(40)}-1x1.png`)).status,
    ).toBe(404)
  })
})

describe('search', () => {
  const search = (query: string, term: string) =>
    testLakeClient(lake.url, {perspective: 'drafts'}).fetch<{_id: string}[]>(query, {
      __query: term,
      __types: ['indicator'],
    })

  it('matches text::query anywhere in a document, by prefix, and everything for *', async () => {
    const anywhere =
      '*[_type in $__types && [@, _id] match text::query($__query)]{_id} | order(_id asc)'
    expect(await search(anywhere, 'decay*')).toEqual([{_id: 'straddle'}])
    expect(await search(anywhere, 'money')).toEqual([{_id: 'strangle'}])
    expect(await search(anywhere, '*')).toEqual([{_id: 'straddle'}, {_id: 'strangle'}])
  })

  it('scores with boost() on a field, as the Studio’s search orders results', async () => {
    const scored =
      '*[_type in $__types] | score(boost(_type in ["indicator"] && name match text::query($__query), 10), [@, _id] match text::query($__query)) [_score > 0]{_id}'
    expect(await search(scored, 'stran*')).toEqual([{_id: 'strangle'}])
  })
})
