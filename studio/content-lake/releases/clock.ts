// The time the lake reads and the timers it sets, given to it so tests can move time themselves.

export type Clock = {
  /** Milliseconds since the epoch. */
  now: () => number
  /** Calls `run` once after `ms`; the returned function cancels it. */
  after: (ms: number, run: () => void) => () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms)
    timer.unref()
    return () => clearTimeout(timer)
  },
}
