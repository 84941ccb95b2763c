// Keeps the edge in step with this origin: after each switch, purges the pages whose bytes changed (their tags,
// cacheHeaders.ts's pageTag), everything after a full build and when this origin starts (its first build may hold
// publishes the edge never heard of), through the retrying purge queue.
//
// With more origins behind the edge (PUBLISH_HOOK_PEER_SITES), each following the Live Content API itself, a purge
// before every origin has switched would let the edge fetch the old page again from one that has not. So the
// origin that switches last purges: after its switch, an origin asks each other one for the changed files; when none
// serves the old bytes any more (or it does not answer: the edge's probe takes it out), it purges. Otherwise another
// origin is behind it and will purge once it switches; this one watches, and purges anyway after PEER_WAIT_MS,
// naming the origin still behind, so an origin whose render failed cannot keep the edge stale unnoticed. One publish,
// one purge, unless two origins switch at the same moment (then both purge: harmless).
import type {PurgeQueue} from '@quantedge/edge/purgeQueue'
import type {Lines} from '@quantedge/server-kit/log'
import {pageTag, SITE_TAG} from '@quantedge/edge/cacheHeaders'
import {
  changedOutputs,
  redirectAnswer,
  servedAt,
  type ChangedOutput,
} from '@quantedge/web/prerender/releaseChanges'
import type {SwitchedRelease} from './publisher.ts'

const PEER_WAIT_MS = 10_000
const PEER_POLL_MS = 100
const PEER_TIMEOUT_MS = 2_000

type EdgeSyncOptions = {
  queue: PurgeQueue
  /** The other origins' site servers, as this hook reaches them. */
  peerSites: readonly string[]
  log: Lines
  peerWaitMs?: number
}

const tagOf = (path: string) => pageTag(path.startsWith('/') ? path : `/${path}`)

/** Whether `peer` still answers a changed redirect's path as it did before the switch. */
async function redirectsAsBefore(peer: string, changes: readonly ChangedOutput[]) {
  for (const {path, redirectBefore} of changes) {
    if (!redirectBefore) continue
    try {
      const response = await fetch(new URL(path, peer), {
        redirect: 'manual',
        signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
      })
      await response.body?.cancel()
      const to = response.headers.get('location')
      if (to && redirectAnswer({status: response.status, to}) === redirectBefore) return true
    } catch {
      // Not answering: out of the director, as below.
    }
  }
  return false
}

/** Whether `peer` still serves any changed file (or redirect) as it was before the switch. */
async function servesOldBytes(peer: string, changes: readonly ChangedOutput[]) {
  if (await redirectsAsBefore(peer, changes)) return true
  for (const {file, before} of changes.flatMap(({files}) => files)) {
    if (!before) continue
    try {
      const response = await fetch(new URL(servedAt(file), peer), {
        headers: {'Accept-Encoding': 'identity'},
        signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
      })
      const body = Buffer.from(await response.arrayBuffer())
      if (response.ok && body.equals(before)) return true
    } catch {
      // Not answering: the edge's probe takes it out of the director, so it cannot serve the old page.
    }
  }
  return false
}

export class EdgeSync {
  readonly #options: EdgeSyncOptions
  #lastDecision:
    {at: string; tags: string[]; purgedBy: 'this origin' | 'another origin'} | undefined
  #behind: {origins: string[]; since: string} | undefined

  constructor(options: EdgeSyncOptions) {
    this.#options = options
  }

  /** Purges everything: the origin's first build may hold changes the edge has not had. */
  started() {
    return this.#purge([SITE_TAG])
  }

  /** Purges what `release` changed, once no other origin serves the old pages; resolves when decided and done. */
  async switched({kind, buildDir, previousBuildDir, paths}: SwitchedRelease) {
    if (kind !== 'render' || !paths) return this.#purge([SITE_TAG])
    // Read now: the release before this one is removed at the next switch.
    const changes = changedOutputs(previousBuildDir, buildDir, paths)
    if (changes.length === 0) return
    const tags = [...new Set(changes.map(({path}) => tagOf(path)))]
    const {peerSites, peerWaitMs = PEER_WAIT_MS, log} = this.#options
    const behind = async () =>
      (
        await Promise.all(
          peerSites.map(async (peer) => ((await servesOldBytes(peer, changes)) ? [peer] : [])),
        )
      ).flat()
    if ((await behind()).length === 0) {
      this.#behind = undefined
      return this.#purge(tags)
    }
    const deadline = performance.now() + peerWaitMs
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, PEER_POLL_MS))
      if ((await behind()).length === 0) {
        this.#behind = undefined
        this.#lastDecision = {at: new Date().toISOString(), tags, purgedBy: 'another origin'}
        return
      }
    }
    const stillBehind = await behind()
    if (stillBehind.length > 0) {
      this.#behind = {origins: stillBehind, since: this.#behind?.since ?? new Date().toISOString()}
      log.warn(
        `[edge] ${stillBehind.join(', ')} still serve(s) the old ${tags.join(' ')} after ${peerWaitMs / 1000} s: purging without them; the edge may fetch the old page from them until they switch`,
      )
    }
    return this.#purge(tags)
  }

  status() {
    return {
      ...this.#options.queue.status(),
      lastDecision: this.#lastDecision,
      originsBehind: this.#behind,
    }
  }

  async #purge(tags: string[]) {
    this.#lastDecision = {at: new Date().toISOString(), tags, purgedBy: 'this origin'}
    await this.#options.queue.purge(tags)
  }
}
