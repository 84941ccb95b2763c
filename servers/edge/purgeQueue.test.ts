// Purges are never lost: coalesced while one is under way, retried until the edge takes them, reported meanwhile.
import {afterEach, expect, it} from 'vitest'
import {PurgeQueue, PurgeQueueClosed} from './purgeQueue.ts'
import type {Lines} from '@quantedge/server-kit/log'

/** A log that keeps every line, whatever its level, in `lines`. */
const keptIn = (lines: string[]): Lines => {
  const keep = (line: string) => void lines.push(line)
  return {info: keep, warn: keep, error: keep}
}

let queue: PurgeQueue | undefined
afterEach(() => queue?.close())

/** A purge that records each call and answers when the test says. */
function controlledPurge() {
  const calls: {tags: string[]; settle: (error?: Error) => void}[] = []
  const purge = (tags: readonly string[]) =>
    new Promise<string>((resolve, reject) => {
      calls.push({tags: [...tags], settle: (error) => (error ? reject(error) : resolve('ok'))})
    })
  const call = async (index: number) => {
    await expect.poll(() => calls.length).toBeGreaterThan(index)
    return calls[index]!
  }
  return {purge, calls, call}
}

it('sends tags asked for during a purge in the next one, not the one under way', async () => {
  const edge = controlledPurge()
  queue = new PurgeQueue(edge.purge, {log: keptIn([])})
  const first = queue.purge(['/tradingview'])
  const firstCall = await edge.call(0)
  const second = queue.purge(['/tradingview', '/'])
  const third = queue.purge(['/python'])
  expect(queue.status().waiting.sort()).toEqual(['/', '/python', '/tradingview'])
  firstCall.settle()
  await first
  const secondCall = await edge.call(1)
  expect(secondCall.tags.sort()).toEqual(['/', '/python', '/tradingview'])
  secondCall.settle()
  await Promise.all([second, third])
  expect(edge.calls).toHaveLength(2)
  expect(queue.status().waiting).toEqual([])
  expect(queue.status().purges.map(({tags}) => tags)).toEqual([1, 3])
})

it('retries a failed purge, with what came meanwhile, until the edge takes it, saying so each time', async () => {
  const edge = controlledPurge()
  const lines: string[] = []
  queue = new PurgeQueue(edge.purge, {firstRetryMs: 10, log: keptIn(lines)})
  const done = queue.purge(['/tradingview'])
  ;(await edge.call(0)).settle(new Error('Varnish did not answer the purge: ECONNREFUSED'))
  await expect.poll(() => queue?.status().failing?.attempts).toBe(1)
  expect(queue.status().failing?.error).toContain('ECONNREFUSED')
  expect(queue.status().waiting).toEqual(['/tradingview'])
  const later = queue.purge(['/python'])
  ;(await edge.call(1)).settle(new Error('Varnish refused the purge (401)'))
  const third = await edge.call(2)
  expect(third.tags.sort()).toEqual(['/python', '/tradingview'])
  third.settle()
  await Promise.all([done, later])
  expect(queue.status().failing).toBeUndefined()
  expect(queue.status().purges.at(-1)?.attempts).toBe(3)
  expect(lines.filter((line) => line.includes('failed (attempt'))).toHaveLength(2)
  expect(lines[0]).toMatch(/may serve stale pages until it succeeds; retrying in 0\.01 s/)
  expect(lines.at(-1)).toMatch(/purged after 3 attempt\(s\)/)
})

it('waits twice as long after each failure, up to its bound', async () => {
  const edge = controlledPurge()
  const lines: string[] = []
  queue = new PurgeQueue(edge.purge, {
    firstRetryMs: 10,
    maxRetryMs: 40,
    log: keptIn(lines),
  })
  queue.purge(['/']).catch(() => {})
  for (let attempt = 0; attempt < 4; attempt += 1)
    (await edge.call(attempt)).settle(new Error('no'))
  await expect.poll(() => lines.length).toBe(4)
  expect(lines.map((line) => /retrying in ([\d.]+) s/.exec(line)?.[1])).toEqual([
    '0.01',
    '0.02',
    '0.04',
    '0.04',
  ])
  expect(lines.map((line) => /attempt (\d)/.exec(line)?.[1])).toEqual(['1', '2', '3', '4'])
})

it('fails what it did not purge when closed, naming the tags left', async () => {
  const edge = controlledPurge()
  const lines: string[] = []
  queue = new PurgeQueue(edge.purge, {firstRetryMs: 60_000, log: keptIn(lines)})
  const done = queue.purge(['/terms'])
  ;(await edge.call(0)).settle(new Error('down'))
  await expect.poll(() => queue?.status().failing).toBeDefined()
  queue.close()
  await expect(done).rejects.toBeInstanceOf(PurgeQueueClosed)
  expect(lines.at(-1)).toBe('[edge] stopped with 1 tag(s) not purged: /terms')
  await expect(queue.purge(['/'])).rejects.toBeInstanceOf(PurgeQueueClosed)
})
