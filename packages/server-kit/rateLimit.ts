// Token buckets, one per key (a visitor's address, or one for everyone): each holds up to `burst` tokens, refilled
// at `perMinute`; a request takes one, and a request that finds none is refused with the seconds until one is
// there (the Retry-After to send). Bounded: past `maxKeys` buckets, the one heard from longest ago is dropped (it
// starts full when its key comes back: only ever more lenient, and the bucket for everyone still holds).
export type Taken = {taken: true} | {taken: false; retryAfterSeconds: number; firstRefusal: boolean}

type Bucket = {tokens: number; at: number; refusing: boolean}

export type TokenBucketsOptions = {
  burst: number
  perMinute: number
  maxKeys?: number
  now?: () => number
}

export class TokenBuckets {
  readonly #burst: number
  readonly #perMs: number
  readonly #maxKeys: number
  readonly #now: () => number
  readonly #buckets = new Map<string, Bucket>()

  constructor({burst, perMinute, maxKeys = 10_000, now = Date.now}: TokenBucketsOptions) {
    this.#burst = burst
    this.#perMs = perMinute / 60_000
    this.#maxKeys = maxKeys
    this.#now = now
  }

  /**
   * Takes a token of `key`'s bucket. A refusal says whether it is the first since the key last got one, so that a
   * flood is logged once, not once a request.
   */
  take(key: string): Taken {
    const now = this.#now()
    const bucket = this.#refilled(this.#buckets.get(key), now)
    this.#buckets.delete(key)
    this.#buckets.set(key, bucket)
    if (this.#buckets.size > this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value!)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      bucket.refusing = false
      return {taken: true}
    }
    const firstRefusal = !bucket.refusing
    bucket.refusing = true
    return {
      taken: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs / 1000)),
      firstRefusal,
    }
  }

  #refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return {tokens: this.#burst, at: now, refusing: false}
    const tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs)
    return {tokens, at: now, refusing: bucket.refusing}
  }
}
