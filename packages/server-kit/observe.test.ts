// What every server answers about itself (/healthz, /readyz, /metrics) and notes of each request (its id, on the
// answer and the log; its route and status, counted), around a server's own route table.
import {createServer} from 'node:http'
import {Readable, Writable} from 'node:stream'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {answerRoutes} from './answerRoutes.ts'
import {HttpError} from './httpError.ts'
import {listen, stop} from './listen.ts'
import {createLog} from './log.ts'
import {metricsRefusal} from './metrics.ts'
import {observed, serverOperations, type Check} from './observe.ts'
import {route} from './routes.ts'
import {send} from './send.ts'

const TOKEN = 'metrics-test-token'
const written: string[] = []
let ready: Check = {ok: false, detail: 'warming up'}
let server: ReturnType<typeof createServer>
let url: string

beforeAll(async () => {
  const log = createLog(
    {level: 'debug', format: 'json'},
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        written.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    }),
  ).child({server: 'test'})
  const operations = serverOperations('test', log)
  const answer = answerRoutes(
    [
      route('GET', '/items/:id(\\d+)', ({res, params}) => {
        log.info({item: params.id}, 'item asked for')
        send(res, 200, {id: params.id})
      }),
      route('GET', '/broken', () => {
        throw new Error('broken on purpose')
      }),
    ],
    {
      notFound: () => new HttpError(404, {message: 'Not found'}),
      internalError: () => new HttpError(500, {message: 'Internal error'}),
    },
  )
  server = createServer(
    observed(operations, answer, {ready: () => ({warmedUp: ready}), metricsToken: undefined}),
  )
  url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
})
afterAll(() => stop(server))

const entries = () => written.map((line) => JSON.parse(line) as Record<string, unknown>)

/** The value of one series in a scrape. */
const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? NaN,
  )

it('answers alive at once, and ready only when every check passes, never cached', async () => {
  const alive = await fetch(`${url}/healthz`)
  expect(alive.status).toBe(200)
  expect(await alive.json()).toEqual({status: 'ok', server: 'test'})
  expect(alive.headers.get('cache-control')).toBe('no-store')
  const notReady = await fetch(`${url}/readyz`)
  expect(notReady.status).toBe(503)
  expect(await notReady.json()).toEqual({
    status: 'not ready',
    server: 'test',
    checks: {warmedUp: {ok: false, detail: 'warming up'}},
  })
  ready = {ok: true, detail: 'warm'}
  const isReady = await fetch(`${url}/readyz`)
  expect(isReady.status).toBe(200)
  expect(await isReady.json()).toMatchObject({status: 'ready', checks: {warmedUp: {ok: true}}})
  expect(isReady.headers.get('cache-control')).toBe('no-store')
  expect((await fetch(`${url}/healthz`, {method: 'HEAD'})).status).toBe(200)
  const posted = await fetch(`${url}/readyz`, {method: 'POST'})
  expect(posted.status).toBe(405)
  expect(posted.headers.get('allow')).toBe('GET, HEAD')
})

it('gives each request an id, on its answer and on every line logged while it is answered', async () => {
  const response = await fetch(`${url}/items/42`)
  const id = response.headers.get('x-request-id')
  expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/)
  await expect
    .poll(() => entries().filter((entry) => entry.requestId === id))
    .toMatchObject([
      {level: 'info', server: 'test', msg: 'item asked for', item: '42'},
      {level: 'debug', msg: 'answered', method: 'GET', path: '/items/42', status: 200},
    ])
  const other = (await fetch(`${url}/items/43`)).headers.get('x-request-id')
  expect(other).not.toBe(id)
})

it('counts requests by route and status, never by the path a client chose', async () => {
  const before = await (await fetch(`${url}/metrics`)).text()
  for (const path of ['/items/1', '/items/2', '/nothing/here', '/broken', '/items/x'])
    await (await fetch(`${url}${path}`)).arrayBuffer()
  const after = await (await fetch(`${url}/metrics`)).text()
  const count = (text: string, labels: string) =>
    sample(
      text,
      `quantedge_http_request_duration_seconds_count{server="test",route="${labels}"}`,
    ) || 0
  const moved = (labels: string) => count(after, labels) - count(before, labels)
  expect(moved('/items/:id",status="200')).toBe(2)
  expect(moved('unmatched",status="404')).toBe(2)
  expect(moved('/broken",status="500')).toBe(1)
  expect(after).not.toContain('/nothing/here')
  expect(after).toContain('process_cpu_user_seconds_total')
  expect(after).toContain('nodejs_eventloop_lag_seconds')
})

it('answers its metrics to this machine only: not through a proxy, not to a wrong token', async () => {
  const direct = await fetch(`${url}/metrics`)
  expect(direct.status).toBe(200)
  expect(direct.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  for (const header of ['X-Forwarded-For', 'Via', 'Forwarded']) {
    const proxied = await fetch(`${url}/metrics`, {headers: {[header]: '203.0.113.9'}})
    expect(proxied.status, header).toBe(403)
    expect(await proxied.json()).toEqual({
      message:
        'Metrics are answered to this machine only; set METRICS_TOKEN for a scraper elsewhere',
    })
  }
  const wrong = await fetch(`${url}/metrics`, {headers: {Authorization: 'Bearer guess'}})
  expect(wrong.status).toBe(401)
  expect(wrong.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
})

it('answers a scraper elsewhere that sends the metrics token, and no one else there', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    Object.assign(Readable.from([]), {headers, socket: {remoteAddress}})
  expect(
    metricsRefusal(from('203.0.113.9', {authorization: `Bearer ${TOKEN}`}), TOKEN),
  ).toBeUndefined()
  // With a token set, loopback sends it too (a proxy on the machine may add no proxy header).
  expect(metricsRefusal(from('127.0.0.1'), TOKEN)?.status).toBe(401)
  expect(
    metricsRefusal(from('127.0.0.1', {authorization: `Bearer ${TOKEN}`}), TOKEN),
  ).toBeUndefined()
  // A token of the right length in characters but not in bytes is a wrong token, not a failure.
  expect(
    metricsRefusal(
      from('203.0.113.9', {authorization: `Bearer ${'é'.repeat(TOKEN.length)}`}),
      TOKEN,
    )?.status,
  ).toBe(401)
  expect(metricsRefusal(from('203.0.113.9'), TOKEN)).toMatchObject({
    status: 401,
    headers: {'WWW-Authenticate': 'Bearer'},
  })
  expect(metricsRefusal(from('203.0.113.9', {authorization: 'Bearer x'}), TOKEN)?.status).toBe(401)
  expect(metricsRefusal(from('203.0.113.9'), undefined)?.status).toBe(403)
  expect(metricsRefusal(from('::1'), undefined)).toBeUndefined()
})
