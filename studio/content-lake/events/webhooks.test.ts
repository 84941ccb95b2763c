// Webhook deliveries retried as Sanity retries them: a receiver that is not listening yet, a 429 or a 5xx is
// tried twice more with the same idempotency key, and only a delivery that never got through is reported.
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterEach, expect, it, vi} from 'vitest'
import type {StoredDocument} from '../documents/documents.ts'
import {sendWebhooks, type WebhookConfig} from './webhooks.ts'

const straddle = {
  _id: 'indicator-straddle',
  _type: 'indicator',
  _rev: 'r1',
  _createdAt: '2026-11-25T00:00:00Z',
  _updatedAt: '2026-11-25T00:00:00Z',
  name: 'Straddle',
} as StoredDocument

let receiver: Server | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await new Promise((done) => (receiver ? receiver.close(done) : done(undefined)))
  receiver = undefined
})

/** A port nothing listens on now: the system's pick for a listener that is then closed. */
const freePort = () =>
  new Promise<number>((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as AddressInfo
      probe.close(() => found(port))
    })
  })

/** A receiver on `port` answering each delivery with the next status of `statuses` (200 after them). */
function receive(port: number, statuses: number[] = []) {
  const deliveries: IncomingHttpHeaders[] = []
  receiver = createServer((request, response) => {
    deliveries.push(request.headers)
    request.resume()
    response.writeHead(statuses.shift() ?? 200).end()
  })
  return new Promise<IncomingHttpHeaders[]>((listening) =>
    receiver!.listen(port, '127.0.0.1', () => listening(deliveries)),
  )
}

const hookTo = (port: number): WebhookConfig => ({
  url: `http://127.0.0.1:${port}/hooks/publish`,
  secret: 'test-secret',
  filter: '_type == "indicator"',
  projection: '{_id, _type}',
  retryDelayMs: 1000,
})

/** Publishes Straddle to `hook`, what the lake would log of its deliveries going to `reported`. */
const publish = (hook: WebhookConfig, reported: (line: string) => void) =>
  sendWebhooks([hook], {
    projectId: 'test',
    dataset: 'production',
    transactionId: 't1',
    changes: [{id: straddle._id, before: null, after: straddle}],
    log: {error: reported},
  })

/** Settles when the lake's first delivery attempt has (the real fetch, watched, not replaced). */
function firstAttempt() {
  const realFetch = globalThis.fetch
  return new Promise<unknown>((settled) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      const answer = realFetch(...args)
      answer.then(settled, settled)
      return answer
    })
  })
}

it('delivers to a receiver that starts after the first attempt, once, and reports nothing', async () => {
  const errors = vi.fn<(line: string) => void>()
  const port = await freePort()
  const attempted = firstAttempt()
  const sending = publish(hookTo(port), errors)
  expect(await attempted).toBeInstanceOf(Error)
  const deliveries = await receive(port)
  await sending
  expect(deliveries).toHaveLength(1)
  expect(deliveries[0]!['sanity-document-id']).toBe(straddle._id)
  expect(errors).not.toHaveBeenCalled()
})

it('tries a 503 twice more with the same idempotency key, then reports it once', async () => {
  const errors = vi.fn<(line: string) => void>()
  const port = await freePort()
  const deliveries = await receive(port, [503, 503, 503])
  await publish(hookTo(port), errors)
  expect(deliveries).toHaveLength(3)
  expect(new Set(deliveries.map((headers) => headers['idempotency-key'])).size).toBe(1)
  expect(errors).toHaveBeenCalledTimes(1)
  expect(String(errors.mock.calls[0]![0])).toMatch(
    /answered 503 for indicator-straddle \(after 3 attempts\)/,
  )
})

it('succeeds on a retry after a 429 without reporting anything', async () => {
  const errors = vi.fn<(line: string) => void>()
  const port = await freePort()
  const deliveries = await receive(port, [429])
  await publish(hookTo(port), errors)
  expect(deliveries).toHaveLength(2)
  expect(errors).not.toHaveBeenCalled()
})

it('takes a 400 as final: no retry, reported at once', async () => {
  const errors = vi.fn<(line: string) => void>()
  const port = await freePort()
  const deliveries = await receive(port, [400])
  await publish(hookTo(port), errors)
  expect(deliveries).toHaveLength(1)
  expect(errors).toHaveBeenCalledTimes(1)
  expect(String(errors.mock.calls[0]![0])).toMatch(/answered 400 for indicator-straddle$/)
})
