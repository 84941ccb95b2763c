// Rebuilds the static site after content is published: bursts of webhooks within the debounce window make
// one build, builds never overlap, and a build goes live only when it is complete (the server switches to
// the new folder in one step). A failed build leaves the previous site live and says why.
import {mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'

export type RebuildOutcome = {
  number: number
  ok: boolean
  reasons: string[]
  /** When the first webhook of this build arrived. */
  requestedAt: string
  startedAt: string
  durationMs: number
  /** From the first webhook to the new site being served (successful builds). */
  latencyMs?: number
  error?: string
}

export type PublisherOptions = {
  /** Where each build gets its own folder; the live one and the one before are kept. */
  releasesDir: string
  /** Builds the site into `buildDir` and returns the folder to serve. */
  build: (buildDir: string) => Promise<string>
  /** Puts a finished build live. */
  swap: (siteDir: string) => void
  debounceMs: number
  log?: (line: string) => void
}

export class Publisher {
  readonly #options: PublisherOptions
  #timer: NodeJS.Timeout | undefined
  #pending: string[] = []
  #firstRequestAt: number | undefined
  #running: Promise<void> | undefined
  #builds = 0
  #history: RebuildOutcome[] = []

  constructor(options: PublisherOptions) {
    this.#options = options
    mkdirSync(options.releasesDir, {recursive: true})
  }

  /** Asks for a rebuild; requests within the debounce window (or during a build) share the next one. */
  request(reason: string) {
    this.#firstRequestAt ??= Date.now()
    this.#pending.push(reason)
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => void this.#start(), this.#options.debounceMs)
  }

  status() {
    return {
      building: this.#running !== undefined,
      waiting: this.#pending.length,
      rebuilds: this.#history,
    }
  }

  close() {
    clearTimeout(this.#timer)
    this.#timer = undefined
    return this.#running
  }

  async #start(): Promise<void> {
    this.#timer = undefined
    // Requests that arrive during a build wait for it, then share the next build.
    await this.#running
    if (this.#running || this.#timer !== undefined) return
    const reasons = this.#pending.splice(0)
    if (reasons.length === 0) return
    const requestedAt = this.#firstRequestAt ?? Date.now()
    this.#firstRequestAt = undefined
    this.#running = this.#rebuild(reasons, requestedAt).finally(() => {
      this.#running = undefined
    })
    await this.#running
    if (this.#pending.length > 0 && this.#timer === undefined) await this.#start()
  }

  async #rebuild(reasons: string[], requestedAt: number) {
    const number = ++this.#builds
    const started = performance.now()
    const startedAt = new Date().toISOString()
    const log = this.#options.log ?? console.log
    log(`[publish] rebuild #${number} for ${reasons.length} change(s): ${reasons.join(', ')}`)
    const buildDir = mkdtempSync(
      join(this.#options.releasesDir, `${String(number).padStart(5, '0')}-`),
    )
    try {
      const siteDir = await this.#options.build(buildDir)
      this.#options.swap(siteDir)
      const durationMs = Math.round(performance.now() - started)
      this.#record({
        number,
        ok: true,
        reasons,
        requestedAt: new Date(requestedAt).toISOString(),
        startedAt,
        durationMs,
        latencyMs: Date.now() - requestedAt,
      })
      log(
        `[publish] rebuild #${number} is live after ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
      this.#pruneReleases(buildDir)
    } catch (error) {
      rmSync(buildDir, {recursive: true, force: true})
      const message = error instanceof Error ? error.message : String(error)
      this.#record({
        number,
        ok: false,
        reasons,
        requestedAt: new Date(requestedAt).toISOString(),
        startedAt,
        durationMs: Math.round(performance.now() - started),
        error: message,
      })
      log(
        `[publish] rebuild #${number} FAILED after ${((performance.now() - started) / 1000).toFixed(1)} s; the previous site stays live: ${message}`,
      )
    }
  }

  #record(outcome: RebuildOutcome) {
    this.#history = [...this.#history, outcome].slice(-20)
  }

  /** Keeps the live release and the one before it (for a request still reading it); removes older ones. */
  #pruneReleases(live: string) {
    const releases = readdirSync(this.#options.releasesDir).sort()
    const liveName = live.slice(this.#options.releasesDir.length + 1)
    const keep = new Set([liveName, releases[releases.indexOf(liveName) - 1]])
    for (const release of releases) {
      if (!keep.has(release))
        rmSync(join(this.#options.releasesDir, release), {recursive: true, force: true})
    }
  }
}
