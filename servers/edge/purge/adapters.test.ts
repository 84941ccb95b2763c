// Each vendor's purge against a stand-in that answers as the vendor's API reference documents it: the request it
// must send (method, path, headers, body, recorded from the vendor's docs, cited in each adapter), the vendor's
// success and error answers, its batch limit, and an API that does not answer.
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, beforeEach, expect, it} from 'vitest'
import {cloudflarePurge} from './cloudflare.ts'
import {fastlyPurge} from './fastly.ts'
import {netlifyPurge} from './netlify.ts'
import {PurgeFailed} from './purge.ts'
import {varnishPurge} from './varnish.ts'

type Received = {method: string; path: string; headers: IncomingHttpHeaders; body: string}

let api: Server
let apiUrl: string
const received: Received[] = []
/** The vendor's next answers, in order; the last one repeats. */
let answers: {status: number; body: string}[] = []

beforeAll(async () => {
  api = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    received.push({method: req.method ?? '', path: req.url ?? '', headers: req.headers, body})
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!
    res.writeHead(answer.status, {'Content-Type': 'application/json'})
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => api.close(resolve)))
beforeEach(() => {
  received.length = 0
})

const TAGS = ['/tradingview', '/']

it('Fastly: POST /service/{id}/purge, Fastly-Key, soft, {"surrogate_keys": [...]}', async () => {
  // Fastly's "Purge multiple surrogate key tags" answers each key's purge id.
  answers = [
    {status: 200, body: '{"/tradingview":"108-1391560174-974124","/":"108-1391560174-974125"}'},
  ]
  const purge = fastlyPurge({serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'fastly-token', apiUrl})
  await expect(purge(TAGS)).resolves.toBe('2 surrogate key(s) soft-purged')
  expect(received).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: '/service/SU1Z0isxPaozGVKXdv0eY/purge',
      headers: expect.objectContaining({
        'fastly-key': 'fastly-token',
        'fastly-soft-purge': '1',
        'accept': 'application/json',
        'content-type': 'application/json',
      }),
    }),
  ])
  expect(JSON.parse(received[0]!.body)).toEqual({surrogate_keys: TAGS})
})

it('Fastly: a refused token is a PurgeFailed with its msg', async () => {
  answers = [{status: 401, body: '{"msg":"Provided credentials are missing or invalid"}'}]
  const purge = fastlyPurge({serviceId: 's', token: 'wrong', apiUrl})
  await expect(purge(TAGS)).rejects.toThrow(
    new PurgeFailed('Fastly refused the purge (401): Provided credentials are missing or invalid'),
  )
})

it('Fastly: 256 keys a request', async () => {
  answers = [{status: 200, body: '{}'}]
  const tags = Array.from({length: 300}, (_, index) => `/page-${index}`)
  await fastlyPurge({serviceId: 's', token: 't', apiUrl})(tags)
  expect(received.map(({body}) => JSON.parse(body).surrogate_keys.length)).toEqual([256, 44])
})

it('Cloudflare: POST /client/v4/zones/{id}/purge_cache, a bearer token, {"tags": [...]}', async () => {
  answers = [
    {
      status: 200,
      body: '{"success":true,"errors":[],"messages":[],"result":{"id":"023e105f4ecef8ad9ca31a8372d0c353"}}',
    },
  ]
  const purge = cloudflarePurge({
    zoneId: '023e105f4ecef8ad9ca31a8372d0c353',
    token: 'cf-token',
    apiUrl,
  })
  await expect(purge(TAGS)).resolves.toBe('2 tag(s) purged')
  expect(received).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache',
      headers: expect.objectContaining({
        'authorization': 'Bearer cf-token',
        'content-type': 'application/json',
      }),
    }),
  ])
  expect(JSON.parse(received[0]!.body)).toEqual({tags: TAGS})
})

it('Cloudflare: an envelope with success false is a PurgeFailed with its errors, whatever the status', async () => {
  answers = [
    {
      status: 200,
      body: '{"success":false,"errors":[{"code":1134,"message":"Purge by cache-tags is not available"}],"messages":[],"result":null}',
    },
  ]
  const purge = cloudflarePurge({zoneId: 'z', token: 't', apiUrl})
  await expect(purge(TAGS)).rejects.toThrow(
    'Cloudflare refused the purge (200): Purge by cache-tags is not available (1134)',
  )
  answers = [
    {
      status: 403,
      body: '{"success":false,"errors":[{"code":10000,"message":"Authentication error"}],"messages":[],"result":null}',
    },
  ]
  await expect(purge(TAGS)).rejects.toThrow(
    'Cloudflare refused the purge (403): Authentication error (10000)',
  )
})

it('Cloudflare: 30 tags a request', async () => {
  answers = [{status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{"id":"x"}}'}]
  const tags = Array.from({length: 61}, (_, index) => `/page-${index}`)
  await cloudflarePurge({zoneId: 'z', token: 't', apiUrl})(tags)
  expect(received.map(({body}) => JSON.parse(body).tags.length)).toEqual([30, 30, 1])
})

it('Netlify: POST /api/v1/purge, a bearer token, {"site_id", "cache_tags"}, answered 202', async () => {
  answers = [{status: 202, body: ''}]
  const purge = netlifyPurge({
    siteId: '1d01c0c0-4554-4747-93b8-34ce3448ab95',
    token: 'nf-token',
    apiUrl,
  })
  await expect(purge(TAGS)).resolves.toBe('2 cache tag(s) purged')
  expect(received).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: '/api/v1/purge',
      headers: expect.objectContaining({
        'authorization': 'Bearer nf-token',
        'content-type': 'application/json',
      }),
    }),
  ])
  expect(JSON.parse(received[0]!.body)).toEqual({
    site_id: '1d01c0c0-4554-4747-93b8-34ce3448ab95',
    cache_tags: TAGS,
  })
})

it('Netlify: a refusal is a PurgeFailed with its message', async () => {
  answers = [{status: 401, body: '{"code":401,"message":"Access Denied: your token is invalid"}'}]
  await expect(netlifyPurge({siteId: 's', token: 'wrong', apiUrl})(TAGS)).rejects.toThrow(
    'Netlify refused the purge (401): Access Denied: your token is invalid',
  )
})

it('Varnish: PURGE / with the token and the tags in xkey-purge', async () => {
  answers = [{status: 200, body: 'Purged 3 object(s)\n'}]
  await expect(varnishPurge({url: apiUrl, token: 'edge-token'})(TAGS)).resolves.toBe(
    'Purged 3 object(s)',
  )
  expect(received).toEqual([
    expect.objectContaining({
      method: 'PURGE',
      path: '/',
      headers: expect.objectContaining({
        'authorization': 'Bearer edge-token',
        'xkey-purge': '/tradingview /',
      }),
    }),
  ])
})

it('an API that does not answer is a PurgeFailed naming the edge', async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
  await expect(netlifyPurge({siteId: 's', token: 't', apiUrl: deadUrl})(TAGS)).rejects.toThrow(
    /^Netlify did not answer the purge: .*ECONNREFUSED/,
  )
  await expect(varnishPurge({url: deadUrl, token: 't'})(TAGS)).rejects.toBeInstanceOf(PurgeFailed)
})
