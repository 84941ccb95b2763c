// GoTrue's request and e-mail limits (supabase/auth internal/api/apilimiter/apilimiter.go and
// internal/ratelimit/interval.go): per client address, a token bucket that holds 30 requests and refills
// at the configured number per 5 minutes (tollbooth, forgotten after an hour unused); for e-mail, one
// count for the whole server that resets every hour.
import type {AuthConfig} from '../config.ts'

const FIVE_MINUTES_S = 300
const BURST = 30
const FORGET_AFTER_MS = 3_600_000

/** Milliseconds since the epoch: `Date.now` in a server, a clock the test holds in a test. */
export type Now = () => number

export class AddressBuckets {
  readonly #buckets = new Map<string, {tokens: number; at: number}>()
  readonly #perSecond: number
  readonly #now: Now

  constructor(perFiveMinutes: number, now: Now = Date.now) {
    this.#perSecond = perFiveMinutes / FIVE_MINUTES_S
    this.#now = now
  }

  /** Takes one request from the address's bucket; false when it is empty. */
  allow(address: string, now = this.#now()): boolean {
    const previous = this.#buckets.get(address)
    const tokens =
      previous && now - previous.at < FORGET_AFTER_MS
        ? Math.min(BURST, previous.tokens + ((now - previous.at) / 1000) * this.#perSecond)
        : BURST
    if (tokens < 1) {
      this.#buckets.set(address, {tokens, at: now})
      return false
    }
    this.#buckets.set(address, {tokens: tokens - 1, at: now})
    if (this.#buckets.size > 10_000) this.#forgetIdle(now)
    return true
  }

  #forgetIdle(now: number) {
    for (const [address, bucket] of this.#buckets)
      if (now - bucket.at >= FORGET_AFTER_MS) this.#buckets.delete(address)
  }
}

/** A number of events per fixed interval, counted from the start (GoTrue's IntervalLimiter). */
export class IntervalLimit {
  readonly #events: number
  readonly #intervalMs: number
  readonly #now: Now
  #last: number
  #count = 0

  constructor(events: number, intervalMs: number, now: Now = Date.now) {
    this.#events = events
    this.#intervalMs = intervalMs
    this.#now = now
    this.#last = now()
  }

  allow(now = this.#now()): boolean {
    const intervals = Math.floor((now - this.#last) / this.#intervalMs)
    if (intervals > 0) {
      this.#last += intervals * this.#intervalMs
      this.#count = 0
    }
    if (this.#count >= this.#events) return false
    this.#count += 1
    return true
  }
}

/** One bucket set per GoTrue limiter: each endpoint group counts on its own. */
export type AuthLimits = {
  signups: AddressBuckets
  recover: AddressBuckets
  userUpdate: AddressBuckets
  token: AddressBuckets
  verify: AddressBuckets
  emailSent: IntervalLimit
}

export function authLimits({rateLimit}: AuthConfig, now: Now = Date.now): AuthLimits {
  return {
    signups: new AddressBuckets(rateLimit.signInSignUps, now),
    recover: new AddressBuckets(rateLimit.signInSignUps, now),
    userUpdate: new AddressBuckets(rateLimit.signInSignUps, now),
    token: new AddressBuckets(rateLimit.tokenRefresh, now),
    verify: new AddressBuckets(rateLimit.tokenVerifications, now),
    emailSent: new IntervalLimit(rateLimit.emailSent, 3_600_000, now),
  }
}
