// The public site with publish-to-live: the static server, a publisher that re-renders or rebuilds into release
// folders and swaps them in, and its triggers: the webhook receiver, and the Live Content API follower when
// PUBLISH_HOOK_FOLLOW_LIVE is on. Used by `npm start` (a site it prerendered) and the deployed hook (main.ts: a
// site build whose every output it renders first, with no build tool). The hook is ready (GET /readyz) once its
// render process has warmed up and its Content Lake answers; its numbers are publishMetrics.ts's.
import {mkdirSync, mkdtempSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {
  canRenderFrom,
  RenderProcessStopped,
  startIncrementalRenderer,
  type IncrementalRenderer,
} from '@quantedge/web/prerender/incrementalRenderer'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv} from '@quantedge/content-access/env'
import {TRANSACTION_DOCUMENTS_QUERY} from '@quantedge/content-access/queries'
import {PurgeQueue, PurgeQueueClosed} from '@quantedge/edge/purgeQueue'
import type {Purge} from '@quantedge/edge/purges'
import type {EdgeVendor} from '@quantedge/edge/vendors'
import type {Lines, Log} from '@quantedge/server-kit/log'
import {serverOperations, type Check} from '@quantedge/server-kit/observe'
import {recentAnswer} from '@quantedge/server-kit/recentAnswer'
import {startSiteServer} from '@quantedge/site-server/server'
import {EdgeSync} from './edgeSync.ts'
import {followLiveContent} from './follower.ts'
import {publishMetrics} from './publishMetrics.ts'
import {Publisher} from './publisher.ts'
import {readPublishHookEnv, type PublishHookEnv} from './settings.ts'
import {startPublishHook} from './receiver.ts'
import {TransactionChanges} from './transactionChanges.ts'

const TRANSACTION_LOOKUP_MS = 5000
/** How long the readiness check waits for the Content Lake's ping. */
const LAKE_PING_MS = 2000
/** How long the lake's answer to the readiness check is kept: the edge probes every few seconds. */
const LAKE_CHECK_KEPT_MS = 2000

const stoppedOnPurpose = (error: unknown) =>
  error instanceof RenderProcessStopped && (error.signal === 'SIGINT' || error.signal === 'SIGTERM')

/** Where the live site starts from, and so what a full rebuild is. */
export type LiveSiteSource =
  /**
   * A full build's client folder (`<buildDir>/client`), served first as it is; a full rebuild builds the site
   * (`build`: prerender.ts, which compiles again when the sources changed). `npm start` and the tests.
   */
  | {prerendered: string; build: (buildDir: string) => Promise<unknown>}
  /**
   * A site build (client assets and server bundle: a release's): every output rendered from the lake into the
   * first release before anything is served, and again for each full rebuild, by the render process. Deployed.
   */
  | {siteBuild: string}

type LiveSiteOptions = {
  site: LiveSiteSource
  sitePort: number
  siteHost?: string
  /** Content settings for the rebuilds and the follower (tests point them at their own lake). */
  env?: NodeJS.ProcessEnv
  hookEnv?: PublishHookEnv
  /** The edge in front of the site: the tag header its answers carry, and how it is purged after each switch. */
  edge?: {vendor: EdgeVendor; purge: Purge}
  /** The hook's log (its own on standard output by default); the site server keeps its own. */
  log?: Log
}

/**
 * Every output of the site build in `siteBuildDir` rendered from the lake into the first release, before anything is
 * served; a full rebuild renders them all again so.
 */
async function renderedFrom(
  siteBuildDir: string,
  renderer: IncrementalRenderer,
  releasesDir: string,
  log: Lines,
) {
  const build = (buildDir: string) => renderer.renderAll({siteBuildDir, buildDir})
  mkdirSync(releasesDir, {recursive: true})
  const first = mkdtempSync(join(releasesDir, '00000-'))
  log.info(
    `[publish] rendering every output of ${siteBuildDir} from the lake: content goes live by publishing, code by a new release`,
  )
  await build(first).catch((error: unknown) => {
    renderer.close()
    throw error
  })
  return {siteDir: join(first, 'client'), build, fullRebuild: 'full render' as const}
}

export async function startLiveSite({
  site: source,
  sitePort,
  siteHost = '127.0.0.1',
  env = {},
  hookEnv = readPublishHookEnv(),
  edge,
  log: hookLog,
}: LiveSiteOptions) {
  const operations = serverOperations('publish-hook', hookLog)
  const {log} = operations
  const renderer = startIncrementalRenderer(env)
  const {siteDir, build, fullRebuild} =
    'prerendered' in source
      ? {siteDir: source.prerendered, build: source.build, fullRebuild: 'full build' as const}
      : await renderedFrom(source.siteBuild, renderer, hookEnv.releasesDir, log)
  const site = await startSiteServer(siteDir, sitePort, siteHost, {edge: edge?.vendor})
  // The queue is made below, and asked only at a scrape.
  const metrics = publishMetrics(operations.metrics, () => purges?.status().waiting.length ?? 0)
  const purges = edge
    ? new PurgeQueue(edge.purge, {log, onFailure: metrics.purgeFailed})
    : undefined
  const edgeSync = purges
    ? new EdgeSync({queue: purges, peerSites: hookEnv.peerSites, log})
    : undefined
  // A failed purge is retried and logged by the queue; what else fails (reading the releases) is logged here.
  const reportFailure = (error: unknown) => {
    if (error instanceof PurgeQueueClosed) return
    log.error(
      `[edge] could not purge the edge: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const liveBuildDir = dirname(siteDir)
  // A site rendered from a site build warmed the render process up as it rendered every output.
  const renders = fullRebuild === 'full build' && canRenderFrom(liveBuildDir)
  let warmedUp: Check = renders
    ? {ok: false, detail: 'the render process is warming up'}
    : fullRebuild === 'full render'
      ? {ok: true, detail: 'the render process is warm: it rendered every output at start'}
      : {
          ok: true,
          detail: 'nothing to warm up: the live release takes a full build at the next publish',
        }
  const prepared = renders
    ? renderer.prepare(liveBuildDir).then(
        () => {
          warmedUp = {ok: true, detail: 'the render process is warm'}
        },
        (error: unknown) => {
          // Ctrl+C, or a stop sent to the command's process group, reaches the render process too: it was
          // stopped, it did not fail to start (a render after that starts a new process).
          if (stoppedOnPurpose(error)) return
          warmedUp = {ok: false, detail: `the render process did not start: ${String(error)}`}
          log.error(`[publish] the render process did not start: ${String(error)}`)
        },
      )
    : Promise.resolve()
  const publisher = new Publisher({
    releasesDir: hookEnv.releasesDir,
    liveBuildDir,
    build,
    fullRebuild,
    canRenderFrom,
    render: renderer.render,
    swap: site.setRoot,
    onLive: (release) => {
      renderer.live(release.buildDir)
      void edgeSync?.switched(release).catch(reportFailure)
    },
    onOutcome: metrics.published,
    debounceMs: hookEnv.debounceMs,
    renderDebounceMs: hookEnv.renderDebounceMs,
    log,
  })
  const published = contentClient('published', readContentEnv({...process.env, ...env}))
  const lakePing = published.withConfig({apiVersion: '1'}).getUrl('/ping')
  // The hook's port is open: a visitor's /readyz must not be a request to the lake each time.
  const lake = recentAnswer(async (): Promise<Check> => {
    try {
      const response = await fetch(lakePing, {signal: AbortSignal.timeout(LAKE_PING_MS)})
      await response.arrayBuffer()
      return response.ok
        ? {ok: true, detail: 'the Content Lake answers'}
        : {ok: false, detail: `the Content Lake answered ${response.status}`}
    } catch (error) {
      return {ok: false, detail: `the Content Lake does not answer: ${String(error)}`}
    }
  }, LAKE_CHECK_KEPT_MS)
  const hook = await startPublishHook({
    operations,
    ready: async () => ({warmedUp, lake: await lake()}),
    port: hookEnv.port,
    host: hookEnv.host,
    secret: hookEnv.secret,
    publisher,
    transactions: new TransactionChanges({
      documentsOf: async (transactionId) =>
        // Bounded: the next rebuild waits for this answer (publisher.hold()).
        (
          await published.fetch(
            TRANSACTION_DOCUMENTS_QUERY,
            {transactionId},
            {signal: AbortSignal.timeout(TRANSACTION_LOOKUP_MS)},
          )
        ).map(({_id, _type}) => ({id: _id, type: _type})),
    }),
    ...(edgeSync ? {edgeStatus: () => edgeSync.status()} : {}),
  })
  void edgeSync?.started().catch(reportFailure)
  const follower = hookEnv.followLive ? followLiveContent(published, publisher, log) : undefined
  return {
    site,
    hook,
    publisher,
    renderer,
    /** Settles once the render process has warmed up (or failed to start); a publish before it waits for it. */
    prepared,
    edgeSync,
    close: async () => {
      follower?.close()
      await hook.close()
      await publisher.close()
      purges?.close()
      renderer.close()
      await site.close()
    },
  }
}
