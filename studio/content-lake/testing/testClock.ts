// A clock tests move by hand: timers run when `advance` passes their time, never on their own.
import type {Clock} from '../releases/clock.ts'

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

export type JumpingClock = Clock & {
  /** Moves time on by `ms` at once; a timer whose time that passes runs now, the others keep their time. */
  jump: (ms: number) => void
}

/**
 * The system's time, which a test moves ahead instead of waiting for a time to come (a release scheduled minutes
 * ahead, as the Studio's date field takes minutes): timers run on their own, by the moved time.
 */
export function jumpingClock(): JumpingClock {
  let ahead = 0
  const now = () => Date.now() + ahead
  type Timer = {at: number; run: () => void; handle?: NodeJS.Timeout}
  const timers = new Set<Timer>()
  const arm = (timer: Timer) => {
    clearTimeout(timer.handle)
    timer.handle = setTimeout(
      () => {
        timers.delete(timer)
        timer.run()
      },
      Math.max(0, timer.at - now()),
    )
    timer.handle.unref()
  }
  return {
    now,
    after: (ms, run) => {
      const timer: Timer = {at: now() + ms, run}
      timers.add(timer)
      arm(timer)
      return () => {
        timers.delete(timer)
        clearTimeout(timer.handle)
      }
    },
    jump: (ms) => {
      ahead += ms
      for (const timer of timers) arm(timer)
    },
  }
}
