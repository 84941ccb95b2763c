import {expect, it} from 'vitest'
import {TokenBuckets} from './rateLimit.ts'

it('lets a burst through, then one a refill, saying how long to wait and whether a refusal is the first', () => {
  let now = 0
  const buckets = new TokenBuckets({burst: 3, perMinute: 6, now: () => now})
  expect([1, 2, 3].map(() => buckets.take('a').taken)).toEqual([true, true, true])
  expect(buckets.take('a')).toEqual({taken: false, retryAfterSeconds: 10, firstRefusal: true})
  now += 4_000
  expect(buckets.take('a')).toEqual({taken: false, retryAfterSeconds: 6, firstRefusal: false})
  expect(buckets.take('b').taken).toBe(true)
  now += 6_000
  expect(buckets.take('a')).toEqual({taken: true})
  expect(buckets.take('a')).toMatchObject({taken: false, firstRefusal: true})
  now += 60_000
  expect([1, 2, 3, 4].map(() => buckets.take('a').taken)).toEqual([true, true, true, false])
})

it('keeps at most maxKeys buckets, forgetting the one heard from longest ago', () => {
  const buckets = new TokenBuckets({burst: 1, perMinute: 1, maxKeys: 2, now: () => 0})
  expect(buckets.take('a').taken).toBe(true)
  expect(buckets.take('b').taken).toBe(true)
  expect(buckets.take('a').taken).toBe(false)
  expect(buckets.take('c').taken).toBe(true)
  // b was forgotten (a was heard from since), so it starts full again; a was not.
  expect(buckets.take('b').taken).toBe(true)
  expect(buckets.take('c').taken).toBe(false)
})
