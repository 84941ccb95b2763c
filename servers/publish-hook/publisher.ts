// Puts published content live. A change whose tags are known (the Live Content API's sync tags, or a webhook's
// document tags) renders again only the outputs that read them, from the live release's server bundle, into a new
// release that hard-links everything else (web/prerender/incremental.ts); anything else, or a live release that
// cannot be re-rendered, takes a full build: on this machine a build (`npm start`), deployed a full render of
// every output from the release's server bundle (a change of code is a new release, never built by the hook). Requests within the debounce window (short for a re-render, longer
// for a full build), or during a build, share the next one, and a trigger may hold the next one until it knows all
// a change touches; builds never overlap; a release goes live only when complete (the server switches folders in
// one step). A build during which another change came may have read part of that change (some pages before a
// release's transaction, some after): it is not switched in but built again with the change, up to
// MAX_WITHHELD times in a row, so a steady stream of publishes cannot keep the site from updating. A failed
// build leaves the previous release live and says why.
import {mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {rm} from 'node:fs/promises'
import {basename, join} from 'node:path'
import type {Lines} from '@quantedge/server-kit/log'
import type {StepTime} from '@quantedge/web/prerender/stepTimes'

export type RebuildKind = 'render' | FullRebuild

/**
 * What a full rebuild is: a build of the site, compiling again when its sources changed (`npm start`), or every
 * output rendered again from the site build the hook started from (deployed: no build tool).
 */
export type FullRebuild = 'full build' | 'full render'

/** What the log says a full render is, each time one starts. */
const FULL_RENDER_NOTE =
  " (every output again from this release's server bundle; a change of code is a new release, npm run release)"

/** How many builds in a row may be built again, unswitched, because a change came while they ran. */
const MAX_WITHHELD = 2

export type RebuildOutcome = {
  number: number
  ok: boolean
  kind: RebuildKind
  reasons: string[]
  /** When the first request of this build arrived. */
  requestedAt: string
  startedAt: string
  durationMs: number
  /** From the first request to the new site being served (successful builds). */
  latencyMs?: number
  /** The paths a render rendered again. */
  paths?: string[]
  /**
   * Where the time went (successful builds): waiting (the debounce, holds, a build before), the render's own steps
   * (or the full build), switching the release in and telling the edge.
   */
  steps?: StepTime[]
  error?: string
}

/** What `GET /hooks/publish` answers: the live release, whether a build runs or waits, the latest outcomes. */
export type PublishStatus = ReturnType<Publisher['status']>

export type RenderJob = {liveBuildDir: string; nextBuildDir: string; changedTags: readonly string[]}

/** What a render did: the paths it rendered again, and its steps' times. */
export type RenderResult = {paths: string[]; steps: StepTime[]}

/** A release just switched in, and the one it replaced (kept until the next switch). */
export type SwitchedRelease = {
  kind: RebuildKind
  buildDir: string
  previousBuildDir: string
  /** The paths a render rendered again. */
  paths?: readonly string[]
}

export type PublisherOptions = {
  /** Where each build gets its own folder; the live one and the one before are kept. */
  releasesDir: string
  /** The build folder live now (`client/`, and `reads.json` and `server-bundle/` when it can be re-rendered). */
  liveBuildDir: string
  /** Builds the whole site into `buildDir`. */
  build: (buildDir: string) => Promise<unknown>
  /** What `build` is; a full build when unset. */
  fullRebuild?: FullRebuild
  /** Whether a build folder holds what a re-render needs. */
  canRenderFrom: (buildDir: string) => boolean
  /** Renders again, into `nextBuildDir`, what `changedTags` touch; resolves to those paths and its steps. */
  render: (job: RenderJob) => Promise<RenderResult>
  /** Puts a finished build's client folder live. */
  swap: (siteDir: string) => void
  /** Told of each release once it is live (the edge's purge), before the release before it may be removed. */
  onLive?: (release: SwitchedRelease) => void
  /** Told of each render or build once it is live or has failed (the hook's metrics). */
  onOutcome?: (outcome: RebuildOutcome) => void
  /** How long a burst may last before a full build starts. */
  debounceMs: number
  /** How long a burst may last before a re-render starts. */
  renderDebounceMs: number
  log: Lines
}

/** The paths a render wrote, as its log line says them: the first ten, then how many more (the status lists all). */
function pathsSaid(paths: readonly string[]) {
  const shown = paths.slice(0, 10).join(' ')
  const more = paths.length - 10
  return `${paths.length} path(s): ${shown}${more > 0 ? ` and ${more} more, listed by GET /hooks/publish` : ''}`
}

export class Publisher {
  readonly #options: PublisherOptions
  #liveBuildDir: string
  #timer: NodeJS.Timeout | undefined
  #pending: {reasons: string[]; tags: Set<string>; fullBuild: boolean} = Publisher.#nothing()
  #firstRequestAt: number | undefined
  #running: Promise<void> | undefined
  /** Triggers that know a change is coming but not yet what it touches (a transaction being looked up). */
  #holds = 0
  /** Builds in a row not switched in because a change came while they ran. */
  #withheld = 0
  #builds = 0
  #history: RebuildOutcome[] = []
  /** Old releases being removed, in the background. */
  #pruning: Promise<void> = Promise.resolve()

  static #nothing() {
    return {reasons: [], tags: new Set<string>(), fullBuild: false}
  }

  constructor(options: PublisherOptions) {
    this.#options = options
    this.#liveBuildDir = options.liveBuildDir
    mkdirSync(options.releasesDir, {recursive: true})
  }

  /**
   * Asks for the site to be brought up to date: with the tags a change touches, a re-render of what read them;
   * without (a code change, an unknown type, a doubt), a full build.
   */
  request(reason: string, tags?: readonly string[]) {
    this.#firstRequestAt ??= Date.now()
    this.#pending.reasons.push(reason)
    if (tags) for (const tag of tags) this.#pending.tags.add(tag)
    else this.#pending.fullBuild = true
    clearTimeout(this.#timer)
    const {debounceMs, renderDebounceMs} = this.#options
    this.#timer = setTimeout(
      () => void this.#start(),
      this.#pending.fullBuild ? debounceMs : renderDebounceMs,
    )
  }

  /**
   * Holds the next rebuild until the returned function is called: for a trigger that knows a change has come but
   * not yet all it touches (the rest of a webhook's transaction), so a rebuild never starts with part of it.
   */
  hold(): () => void {
    this.#holds += 1
    let released = false
    return () => {
      if (released) return
      released = true
      this.#holds -= 1
      if (this.#holds === 0 && this.#timer === undefined && this.#pending.reasons.length > 0)
        void this.#start()
    }
  }

  status() {
    return {
      /** The name of the release served now (its folder's, not its path: the hook answers the internet). */
      live: basename(this.#liveBuildDir),
      building: this.#running !== undefined,
      waiting: this.#pending.reasons.length,
      rebuilds: this.#history,
    }
  }

  async close() {
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.#running
    await this.#pruning
  }

  async #start(): Promise<void> {
    this.#timer = undefined
    // Requests that arrive during a build wait for it, then share the next build.
    await this.#running
    if (this.#running || this.#timer !== undefined || this.#holds > 0) return
    const pending = this.#pending
    if (pending.reasons.length === 0) return
    this.#pending = Publisher.#nothing()
    const requestedAt = this.#firstRequestAt ?? Date.now()
    this.#firstRequestAt = undefined
    const kind: RebuildKind =
      pending.fullBuild || !this.#options.canRenderFrom(this.#liveBuildDir)
        ? (this.#options.fullRebuild ?? 'full build')
        : 'render'
    this.#running = this.#rebuild(kind, pending, requestedAt).finally(() => {
      this.#running = undefined
    })
    await this.#running
    if (this.#pending.reasons.length > 0 && this.#timer === undefined) await this.#start()
  }

  async #rebuild(
    kind: RebuildKind,
    {reasons, tags}: {reasons: string[]; tags: Set<string>},
    requestedAt: number,
  ) {
    const number = ++this.#builds
    const started = performance.now()
    const outcome = {
      number,
      kind,
      reasons,
      requestedAt: new Date(requestedAt).toISOString(),
      startedAt: new Date().toISOString(),
    }
    const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
    const {log} = this.#options
    log.info(
      `[publish] ${kind} #${number}${kind === 'full render' ? FULL_RENDER_NOTE : ''} for ${reasons.length} change(s): ${reasons.join(', ')}`,
    )
    const buildDir = mkdtempSync(
      join(this.#options.releasesDir, `${String(number).padStart(5, '0')}-`),
    )
    const waited = {step: 'wait (debounce, holds, a build before)', ms: Date.now() - requestedAt}
    try {
      let paths: string[] | undefined
      const steps: StepTime[] = [waited]
      if (kind === 'render') {
        const rendered = await this.#options.render({
          liveBuildDir: this.#liveBuildDir,
          nextBuildDir: buildDir,
          changedTags: [...tags],
        })
        paths = rendered.paths
        steps.push(...rendered.steps)
      } else {
        await this.#options.build(buildDir)
        steps.push({step: kind, ms: Math.round(performance.now() - started)})
      }
      const built = performance.now()
      if (this.#pending.reasons.length > 0 && this.#withheld < MAX_WITHHELD) {
        this.#withheld += 1
        rmSync(buildDir, {recursive: true, force: true})
        this.#buildAgainWith(kind, reasons, tags, requestedAt)
        log.info(
          `[publish] ${kind} #${number} not switched in: a change came while it ran, so it runs again with that change`,
        )
        return
      }
      this.#withheld = 0
      const previousBuildDir = this.#liveBuildDir
      this.#options.swap(join(buildDir, 'client'))
      this.#liveBuildDir = buildDir
      this.#options.onLive?.({kind, buildDir, previousBuildDir, ...(paths ? {paths} : {})})
      steps.push({
        step: 'switch the release in, tell the edge',
        ms: Math.round((performance.now() - built) * 10) / 10,
      })
      this.#record({
        ...outcome,
        ok: true,
        durationMs: Math.round(performance.now() - started),
        latencyMs: Date.now() - requestedAt,
        ...(paths ? {paths} : {}),
        steps,
      })
      log.info(
        `[publish] ${kind} #${number} is live after ${seconds()}${paths ? ` (${pathsSaid(paths)})` : ''}`,
      )
      this.#pruneReleases(buildDir)
    } catch (error) {
      rmSync(buildDir, {recursive: true, force: true})
      const message = error instanceof Error ? error.message : String(error)
      this.#record({
        ...outcome,
        ok: false,
        durationMs: Math.round(performance.now() - started),
        error: message,
      })
      log.error(
        `[publish] ${kind} #${number} FAILED after ${seconds()}; the previous site stays live: ${message}`,
      )
    }
  }

  /** Puts a withheld build's changes back in front of the ones that came while it ran. */
  #buildAgainWith(kind: RebuildKind, reasons: string[], tags: Set<string>, requestedAt: number) {
    this.#pending.reasons.unshift(...reasons)
    for (const tag of tags) this.#pending.tags.add(tag)
    if (kind !== 'render') this.#pending.fullBuild = true
    this.#firstRequestAt = Math.min(this.#firstRequestAt ?? requestedAt, requestedAt)
  }

  #record(outcome: RebuildOutcome) {
    this.#history = [...this.#history, outcome].slice(-20)
    this.#options.onOutcome?.(outcome)
  }

  /** Keeps the live release and the one before it (for a request still reading it); removes older ones. */
  /**
   * Removes older releases in the background, one removal after another: a release of a few hundred pages is
   * thousands of files, and removing them at once would hold up the site server, which answers in this process.
   */
  #pruneReleases(live: string) {
    const releases = readdirSync(this.#options.releasesDir).sort()
    const liveName = live.slice(this.#options.releasesDir.length + 1)
    const keep = new Set([liveName, releases[releases.indexOf(liveName) - 1]])
    const old = releases.filter((release) => !keep.has(release))
    const {log} = this.#options
    this.#pruning = this.#pruning
      .then(() =>
        Promise.all(
          old.map((release) =>
            rm(join(this.#options.releasesDir, release), {recursive: true, force: true}),
          ),
        ),
      )
      .then(
        () => undefined,
        (error: unknown) => log.warn(`[publish] could not remove an old release: ${String(error)}`),
      )
  }
}
