// Sends spaced for a rate limit: each starts at least the spacing after the one before, waiting only as long
// as needed; no spacing never waits; a claim is no bigger than the sends that fit in its lease.
import {expect, it} from 'vitest'
import {CLAIM_BATCH, claimBatch, LEASE_SECONDS} from './drain.ts'
import {SEND_SPACING_MS, spacedBy, type Clock} from './pace.ts'

/** A clock whose time moves only by its sleeps and by `pass`. */
function fakeClock() {
  let now = 1_000_000
  const slept: number[] = []
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms)
      now += ms
    },
  }
  return {clock, slept, pass: (ms: number) => (now += ms)}
}

it('spaces sends half a second apart, waiting only the rest of the spacing', async () => {
  const {clock, slept, pass} = fakeClock()
  const nextSend = spacedBy(500, clock)
  await nextSend()
  pass(200) // the first send took 200 ms
  await nextSend()
  pass(600) // the second took longer than the spacing
  await nextSend()
  expect(slept).toEqual([300])
})

it('never waits without a spacing', async () => {
  const {clock, slept} = fakeClock()
  const nextSend = spacedBy(0, clock)
  for (let n = 0; n < 5; n += 1) await nextSend()
  expect(slept).toEqual([])
})

// Resend allows 2 requests a second: a claim holds no more leads than its sender can send within its lease.
it('claims only as many leads as the mail API’s spacing lets it send within the lease', () => {
  expect(claimBatch(SEND_SPACING_MS.resend)).toBe(5)
  expect(claimBatch(SEND_SPACING_MS.resend) * SEND_SPACING_MS.resend).toBeLessThan(
    LEASE_SECONDS * 1000,
  )
  expect(claimBatch(SEND_SPACING_MS.mailpit)).toBe(CLAIM_BATCH)
})
