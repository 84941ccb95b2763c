// A clock tests move by hand: timers run when `advance` passes their time, never on their own.
import type {Clock} from './clock.ts'

export type TestClock = Clock & {
  /** Moves time on, running each timer whose time has come, in time order. */
  advance: (ms: number) => void
  /** Sets the time without running any timer (the lake was stopped meanwhile). */
  set: (ms: number) => void
}

export function testClock(start: number): TestClock {
  let now = start
  const timers = new Set<{at: number; run: () => void}>()
  return {
    now: () => now,
    after: (ms, run) => {
      const timer = {at: now + ms, run}
      timers.add(timer)
      return () => timers.delete(timer)
    },
    advance: (ms) => {
      now += ms
      const due = [...timers].filter(({at}) => at <= now).sort((a, b) => a.at - b.at)
      for (const timer of due) {
        timers.delete(timer)
        timer.run()
      }
    },
    set: (ms) => {
      now = ms
    },
  }
}
