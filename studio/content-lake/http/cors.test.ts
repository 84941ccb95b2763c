// Browsers may call the lake only from its configured origins (Sanity's CORS origins): a page from any other
// site can neither read drafts nor write with the lake's token, nor open a presence socket.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {WebSocket} from 'ws'
import {CorsOrigins} from './cors.ts'
import {startTestLake, TEST_LAKE_TOKEN, type TestLake} from '../testing/testLake.ts'

const STUDIO = 'http://localhost:3333'
const FOREIGN = 'https://attacker.example'
const QUERY_PATH = '/v2025-02-19/data/query/production?query=*&perspective=raw'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake(undefined, [], {
    corsOrigins: [STUDIO, 'https://*.studio.example'],
    streamPorts: [0, 0],
  })
})
afterAll(() => lake.close())

const preflight = (origin: string, path = QUERY_PATH) =>
  fetch(`${lake.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      'Origin': origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type',
    },
  })

describe('CORS origins', () => {
  it('lets the Studio’s origin send credentials: its preflight and request get its origin back', async () => {
    const answer = await preflight(STUDIO)
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-origin')).toBe(STUDIO)
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true')
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization')
    const read = await fetch(`${lake.url}${QUERY_PATH}`, {
      headers: {Origin: STUDIO, Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
    })
    expect(read.status).toBe(200)
    expect(read.headers.get('access-control-allow-origin')).toBe(STUDIO)
  })

  it('refuses a foreign origin’s preflight and request with 403 and no CORS headers', async () => {
    const answer = await preflight(FOREIGN)
    expect(answer.status).toBe(403)
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    const write = await fetch(`${lake.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: {
        'Origin': FOREIGN,
        'Authorization': `Bearer ${TEST_LAKE_TOKEN}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({mutations: [{create: {_id: 'planted', _type: 'doc'}}]}),
    })
    expect(write.status).toBe(403)
    expect(write.headers.get('access-control-allow-origin')).toBeNull()
    expect(await write.json()).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.stringContaining(FOREIGN),
    })
    const read = await fetch(`${lake.url}${QUERY_PATH}`, {
      headers: {Origin: FOREIGN, Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
    })
    expect(read.status).toBe(403)
    const planted = await fetch(`${lake.url}/v2025-02-19/data/doc/production/planted`, {
      headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
    })
    expect((await planted.json()).documents).toEqual([])
  })

  it('refuses a foreign origin on every stream port as on the plain one, and serves the Studio there', async () => {
    expect(lake.streamUrls).toHaveLength(2)
    for (const origin of lake.streamUrls) {
      const listen = (from: string) =>
        fetch(`${origin}/v2025-02-19/data/listen/production?query=*`, {
          headers: {Origin: from, Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
        })
      const refused = await listen(FOREIGN)
      expect(refused.status).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
      const opened = await listen(STUDIO)
      expect(opened.status).toBe(200)
      expect(opened.headers.get('content-type')).toContain('text/event-stream')
      expect(opened.headers.get('access-control-allow-origin')).toBe(STUDIO)
      await opened.body?.cancel()
    }
  })

  it('answers /ping and /check/cors to every origin without credentials, and tells each whether it is allowed', async () => {
    const ping = await fetch(`${lake.url}/v1/ping`, {headers: {Origin: FOREIGN}})
    expect(ping.status).toBe(200)
    expect(ping.headers.get('access-control-allow-credentials')).toBeNull()
    const check = (origin: string) =>
      fetch(`${lake.url}/v2025-02-19/check/cors`, {headers: {Origin: origin}}).then((answer) =>
        answer.json(),
      )
    expect(await check(FOREIGN)).toEqual({result: {allowed: false, withCredentials: false}})
    expect(await check(STUDIO)).toEqual({result: {allowed: true, withCredentials: true}})
  })

  it('refuses a presence socket from a foreign origin and opens one for the Studio', async () => {
    const socketUrl = `${lake.url.replace(/^http/, 'ws')}/v2022-06-30/socket/production`
    const opened = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(socketUrl, {origin})
        ws.once('open', () => {
          ws.close()
          resolve('open')
        })
        ws.once('unexpected-response', (_, response) => resolve(String(response.statusCode)))
        ws.once('error', (error) => resolve(error.message))
      })
    expect(await opened(FOREIGN)).toBe('403')
    expect(await opened(STUDIO)).toBe('open')
  })

  it('matches origins as Sanity writes them: exact, or with * as a wildcard', () => {
    const origins = new CorsOrigins([STUDIO, 'https://*.studio.example', 'http://127.0.0.1:*'])
    expect(origins.allows('http://localhost:3333')).toBe(true)
    expect(origins.allows('http://LOCALHOST:3333/')).toBe(true)
    expect(origins.allows('http://localhost:3334')).toBe(false)
    expect(origins.allows('https://editors.studio.example')).toBe(true)
    expect(origins.allows('https://studio.example.attacker.example')).toBe(false)
    expect(origins.allows('http://127.0.0.1:5173')).toBe(true)
    expect(origins.allows('null')).toBe(false)
  })
})
