// Purges in order, none lost: tags asked for while a purge is under way go out together in the next one, and a
// purge that fails is retried with the same tags (and any new ones) after a pause that doubles up to a bound, for
// as long as it takes, each failure logged with the edge's words. The status says what waits and since when, so a
// stale edge is never silent: the publish hook shows it in `GET /hooks/publish`.
import type {Lines} from '@quantedge/server-kit/log'
import type {Purge} from './purges.ts'

const HISTORY = 20

export type PurgeQueueOptions = {
  /** The first pause after a failure; each next one is twice as long, up to `maxRetryMs`. */
  firstRetryMs?: number
  maxRetryMs?: number
  log: Lines
  /** Told of each failed attempt (the publish hook counts them). */
  onFailure?: () => void
}

export type PurgeOutcome = {at: string; tags: number; ms: number; attempts: number; said: string}

/** A purge asked for and not done because the queue was closed (its tags are logged by close()). */
export class PurgeQueueClosed extends Error {}

type Waiter = {resolve: () => void; reject: (error: Error) => void}

export class PurgeQueue {
  readonly #purge: Purge
  readonly #firstRetryMs: number
  readonly #maxRetryMs: number
  readonly #log: Lines
  readonly #onFailure: () => void
  /** Tags asked for and not yet sent. */
  #pending = new Set<string>()
  #inFlight: string[] = []
  #waiters: Waiter[] = []
  #running = false
  #closed = false
  #pause: {timer: NodeJS.Timeout; wake: () => void} | undefined
  #failing: {since: string; attempts: number; error: string} | undefined
  #history: PurgeOutcome[] = []

  constructor(purge: Purge, options: PurgeQueueOptions) {
    this.#purge = purge
    this.#firstRetryMs = options.firstRetryMs ?? 250
    this.#maxRetryMs = options.maxRetryMs ?? 30_000
    this.#log = options.log
    this.#onFailure = options.onFailure ?? (() => {})
  }

  /** Purges `tags`; resolves once the edge has taken them, however many attempts that takes. */
  purge(tags: readonly string[]): Promise<void> {
    if (this.#closed) return Promise.reject(new PurgeQueueClosed('The purge queue is closed'))
    if (tags.length === 0) return Promise.resolve()
    for (const tag of tags) this.#pending.add(tag)
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({resolve, reject}))
    if (!this.#running) void this.#drain()
    return done
  }

  status() {
    return {
      /** Tags not yet purged: being sent, failing, or asked for since. */
      waiting: [...new Set([...this.#inFlight, ...this.#pending])],
      failing: this.#failing,
      purges: this.#history,
    }
  }

  /** Stops retrying; a purge asked for and not done fails with why. */
  close() {
    this.#closed = true
    if (this.#pause) {
      clearTimeout(this.#pause.timer)
      this.#pause.wake()
    }
    const left = this.status().waiting
    if (left.length > 0)
      this.#log.warn(`[edge] stopped with ${left.length} tag(s) not purged: ${left.join(' ')}`)
    this.#rejectWaiters()
  }

  #rejectWaiters() {
    for (const waiter of this.#waiters.splice(0))
      waiter.reject(new PurgeQueueClosed('The purge queue closed before these tags were purged'))
  }

  async #drain() {
    this.#running = true
    let attempts = 0
    let started = performance.now()
    while (this.#pending.size > 0 && !this.#closed) {
      // Tags asked for from now on go out in the next purge: this one may reach the edge before their change.
      const batch = [...this.#pending]
      const waiters = this.#waiters.splice(0)
      this.#pending.clear()
      this.#inFlight = batch
      attempts += 1
      try {
        const said = await this.#purge(batch)
        this.#record({
          tags: batch.length,
          ms: Math.round(performance.now() - started),
          attempts,
          said,
        })
        if (this.#failing)
          this.#log.info(
            `[edge] purged after ${attempts} attempt(s), failing since ${this.#failing.since}`,
          )
        this.#failing = undefined
        attempts = 0
        started = performance.now()
        for (const waiter of waiters) waiter.resolve()
      } catch (error) {
        for (const tag of batch) this.#pending.add(tag)
        this.#waiters.unshift(...waiters)
        const message = error instanceof Error ? error.message : String(error)
        const pauseMs = Math.min(this.#firstRetryMs * 2 ** (attempts - 1), this.#maxRetryMs)
        this.#failing = {
          since: this.#failing?.since ?? new Date().toISOString(),
          attempts,
          error: message,
        }
        this.#onFailure()
        this.#log.warn(
          `[edge] purge of ${batch.length} tag(s) failed (attempt ${attempts}): ${message}; the edge may serve stale pages until it succeeds; retrying in ${(pauseMs / 1000).toFixed(2)} s`,
        )
        await new Promise<void>((wake) => {
          this.#pause = {timer: setTimeout(wake, pauseMs), wake}
        })
        this.#pause = undefined
      } finally {
        this.#inFlight = []
      }
    }
    this.#running = false
    if (this.#closed) this.#rejectWaiters()
  }

  #record(outcome: Omit<PurgeOutcome, 'at'>) {
    this.#history = [...this.#history, {at: new Date().toISOString(), ...outcome}].slice(-HISTORY)
  }
}
