// The public site with publish-to-live: the static server, a publisher that re-renders or rebuilds into release
// folders and swaps them in, and its triggers: the webhook receiver, and the Live Content API follower when
// PUBLISH_HOOK_FOLLOW_LIVE is on. Used by `npm start` (a site it prerendered) and the deployed hook (main.ts: a
// site build whose every output it renders first, with no build tool).
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
import {startSiteServer} from '@quantedge/site-server/server'
import {EdgeSync} from './edgeSync.ts'
import {followLiveContent} from './follower.ts'
import {Publisher} from './publisher.ts'
import {readPublishHookEnv, type PublishHookEnv} from './settings.ts'
import {startPublishHook} from './receiver.ts'
import {TransactionChanges} from './transactionChanges.ts'

const TRANSACTION_LOOKUP_MS = 5000

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
  log?: (line: string) => void
}

/**
 * Every output of the site build in `siteBuildDir` rendered from the lake into the first release, before anything is
 * served; a full rebuild renders them all again so.
 */
async function renderedFrom(
  siteBuildDir: string,
  renderer: IncrementalRenderer,
  releasesDir: string,
  log: (line: string) => void,
) {
  const build = (buildDir: string) => renderer.renderAll({siteBuildDir, buildDir})
  mkdirSync(releasesDir, {recursive: true})
  const first = mkdtempSync(join(releasesDir, '00000-'))
  log(
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
  log = console.log,
}: LiveSiteOptions) {
  const renderer = startIncrementalRenderer(env)
  const {siteDir, build, fullRebuild} =
    'prerendered' in source
      ? {siteDir: source.prerendered, build: source.build, fullRebuild: 'full build' as const}
      : await renderedFrom(source.siteBuild, renderer, hookEnv.releasesDir, log)
  const site = await startSiteServer(siteDir, sitePort, siteHost, {edge: edge?.vendor})
  const purges = edge ? new PurgeQueue(edge.purge, {log}) : undefined
  const edgeSync = purges
    ? new EdgeSync({queue: purges, peerSites: hookEnv.peerSites, log})
    : undefined
  // A failed purge is retried and logged by the queue; what else fails (reading the releases) is logged here.
  const reportFailure = (error: unknown) => {
    if (error instanceof PurgeQueueClosed) return
    log(
      `[edge] could not purge the edge: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const liveBuildDir = dirname(siteDir)
  // A site rendered from a site build warmed the render process up as it rendered every output.
  const prepared =
    fullRebuild === 'full build' && canRenderFrom(liveBuildDir)
      ? renderer.prepare(liveBuildDir).then(
          () => undefined,
          (error: unknown) => {
            // Ctrl+C, or a stop sent to the command's process group, reaches the render process too: it was
            // stopped, it did not fail to start (a render after that starts a new process).
            if (stoppedOnPurpose(error)) return
            log(`[publish] the render process did not start: ${String(error)}`)
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
    onLive: (release) => void edgeSync?.switched(release).catch(reportFailure),
    debounceMs: hookEnv.debounceMs,
    renderDebounceMs: hookEnv.renderDebounceMs,
    log,
  })
  const published = contentClient('published', readContentEnv({...process.env, ...env}))
  const hook = await startPublishHook({
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
