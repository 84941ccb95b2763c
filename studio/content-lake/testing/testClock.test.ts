import {expect, it, vi} from 'vitest'
import {jumpingClock} from './testClock.ts'

it('runs a timer whose time a jump passes at once, keeps a later one, and cancels one taken back', async () => {
  const clock = jumpingClock()
  const ran: string[] = []
  const start = clock.now()
  clock.after(60_000, () => ran.push('in a minute'))
  clock.after(120_000, () => ran.push('in two minutes'))
  const cancel = clock.after(30_000, () => ran.push('taken back'))
  cancel()
  clock.jump(61_000)
  expect(clock.now() - start).toBeGreaterThanOrEqual(61_000)
  await vi.waitFor(() => expect(ran).toEqual(['in a minute']))
  clock.jump(60_000)
  await vi.waitFor(() => expect(ran).toEqual(['in a minute', 'in two minutes']))
})
