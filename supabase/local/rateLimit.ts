// Per-address limits, as GoTrue applies them: e-mails to one address no more often than a minimum interval,
// and a bounded number of sign-in attempts per address in a window.

export class AddressRateLimit {
  readonly #seen = new Map<string, number[]>()
  readonly #limit: number
  readonly #windowMs: number

  constructor(limit: number, windowMs: number) {
    this.#limit = limit
    this.#windowMs = windowMs
  }

  /** Counts an attempt; returns the seconds to wait when the address is over its limit, else 0. */
  hit(address: string, now = Date.now()): number {
    const key = address.trim().toLowerCase()
    const recent = (this.#seen.get(key) ?? []).filter((time) => now - time < this.#windowMs)
    if (recent.length >= this.#limit) {
      this.#seen.set(key, recent)
      return Math.ceil((recent[0]! + this.#windowMs - now) / 1000)
    }
    this.#seen.set(key, [...recent, now])
    return 0
  }
}
