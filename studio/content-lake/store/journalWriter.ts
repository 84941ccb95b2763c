// Appends lines to one journal file and makes them durable in groups (a group commit): a line is written at
// once, and its promise resolves when an `fdatasync` begun after it has finished, so writers arriving while a
// sync runs share the next one instead of each waiting for their own. Lines resolve in the order written,
// across journals too: a new journal's lines resolve only after the previous journal's last sync.
import {closeSync, fdatasync, openSync, writeSync} from 'node:fs'

type Waiter = {resolve: () => void; reject: (error: Error) => void}

export class JournalWriter {
  readonly #descriptor: number
  readonly #previous: Promise<void>
  #waiting: Waiter[] = []
  #syncing: Promise<void> | undefined

  /** `previous`: the journal written before this one, closed once all its lines are durable. */
  constructor(path: string, previous: Promise<void> = Promise.resolve()) {
    this.#descriptor = openSync(path, 'a')
    this.#previous = previous
  }

  /** Writes the line now; resolves once it is on disk. */
  append(line: Uint8Array): Promise<void> {
    writeSync(this.#descriptor, line)
    return new Promise((resolve, reject) => {
      this.#waiting.push({resolve, reject})
      this.#syncNext()
    })
  }

  /** Resolves when every line written is durable, then closes the file (never rejects: each line was told). */
  async close(): Promise<void> {
    while (this.#syncing) await this.#syncing
    closeSync(this.#descriptor)
  }

  #syncNext() {
    if (this.#syncing || this.#waiting.length === 0) return
    const group = this.#waiting.splice(0)
    this.#syncing = new Promise<void>((done) => {
      fdatasync(this.#descriptor, (error) => {
        void this.#previous.then(() => {
          for (const waiter of group) {
            if (error) waiter.reject(error)
            else waiter.resolve()
          }
          this.#syncing = undefined
          done()
          this.#syncNext()
        })
      })
    })
  }
}
