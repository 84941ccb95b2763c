// The editorial workflow on throwaway parts, for tests and the benchmark: a seeded lake that sends signed
// webhooks to a publish hook (which also follows the lake's Live Content API unless told not to), the public
// site that hook keeps up to date, the draft-preview server and, when asked, Sanity Studio built for the lake's
// addresses (HTTP/2, plain and its stream ports, as `npm start` builds it) and served as the editors' app. When
// asked, the edge (Varnish) in front of the site, and more origins behind it: each a site server with its own
// publish hook, all following the same lake, each told of the others.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Clock} from '@quantedge/content-lake/clock'
import {TEST_LAKE_TOKEN, testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv, SITE_DOCUMENT_TYPES} from '@quantedge/content-access/env'
import {startPreviewServer} from '@quantedge/preview-server/server'
import {freePort} from './freePort.ts'
import {buildPreviewSite, prerenderSite} from '@quantedge/web/prerender'
import {buildSiteFrom, siteBuildEnv, startSeededLake, temporaryWebFolder} from './throwawaySite.ts'
import {buildStudio, studioEnv} from '@quantedge/studio/serve/build'
import {startStudioServer, type StudioServer} from '@quantedge/studio/serve/server'
import {startLiveSite} from '@quantedge/publish-hook/live'
import {startTestEdge} from './edge.ts'
import type {PublishStatus} from '@quantedge/publish-hook/publisher'
import type {Log} from '@quantedge/server-kit/log'

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret'

/** The lake's webhook to a publish hook on `port`: the site's documents, as docs/editing.md sets one up in Sanity. */
export const siteWebhook = (port: number) => ({
  url: `http://127.0.0.1:${port}/hooks/publish`,
  secret: TEST_WEBHOOK_SECRET,
  filter: `_type in ${JSON.stringify(SITE_DOCUMENT_TYPES)}`,
  projection: '{_id, _type, _rev}',
})

export async function startEditorialStack({
  debounceMs = 300,
  renderDebounceMs = 100,
  followLive = true,
  webhooks = true,
  studio = false,
  edge = false,
  origins = 1,
  lakeClock,
  documents = [],
  previewLog,
}: {
  debounceMs?: number
  renderDebounceMs?: number
  followLive?: boolean
  webhooks?: boolean
  studio?: boolean
  /** The local edge in front of the site's origins. */
  edge?: boolean
  /** How many origins (site server and publish hook) serve the site, each following the lake itself. */
  origins?: number
  /** The lake's time and timers (a test's clock, to reach a release's publishAt without waiting for it). */
  lakeClock?: Clock
  /** Documents the lake holds beside the seed from the start (a bench's content). */
  documents?: readonly {_id: string; _type: string}[]
  /** Where the draft preview logs (its own log on standard output by default). */
  previewLog?: Log
} = {}) {
  const hookPorts = await Promise.all(Array.from({length: origins}, freePort))
  const sitePorts = await Promise.all(Array.from({length: origins}, freePort))
  // The Studio's origin is the one browser origin the lake lets in (its CORS allow-list).
  const studioPort = studio ? await freePort() : 0
  let lake = await startSeededLake(
    webhooks ? hookPorts.map(siteWebhook) : [],
    {
      secure: studio,
      corsOrigins: studio ? [`http://localhost:${studioPort}`] : [],
      streamPorts: studio ? [0, 0, 0, 0] : [],
      ...(lakeClock ? {clock: lakeClock} : {}),
    },
    documents,
  )
  const build = await buildSiteFrom(lake)
  const releaseDirs = hookPorts.map(() => temporaryWebFolder('releases'))
  const testEdge = edge
    ? await startTestEdge(sitePorts.map((port) => ({host: '127.0.0.1', port})))
    : undefined
  const siteUrl = (port: number) => `http://127.0.0.1:${port}`
  const liveSites = await Promise.all(
    hookPorts.map((hookPort, index) =>
      startLiveSite({
        site: {
          prerendered: build.root,
          build: (buildDir) => prerenderSite({buildDir, env: siteBuildEnv(lake)}),
        },
        sitePort: sitePorts[index]!,
        env: siteBuildEnv(lake),
        hookEnv: {
          port: hookPort,
          secret: TEST_WEBHOOK_SECRET,
          debounceMs,
          renderDebounceMs,
          followLive,
          releasesDir: releaseDirs[index]!,
          peerSites: sitePorts.filter((_, other) => other !== index).map(siteUrl),
        },
        ...(testEdge ? {edge: testEdge.forHooks} : {}),
      }),
    ),
  )
  const live = liveSites[0]!
  const releasesDir = releaseDirs[0]!
  const previewDir = await buildPreviewSite(temporaryWebFolder('preview'))
  const preview = await startPreviewServer({
    buildDir: previewDir,
    // The preview's own configuration path, pointed at this lake with its token.
    drafts: contentClient(
      'drafts',
      readContentEnv({...siteBuildEnv(lake), SANITY_API_READ_TOKEN: TEST_LAKE_TOKEN}),
    ),
    publicSiteUrl: live.site.url,
    // The Studio's origin when there is one; else where a developer's would be.
    studioOrigin: studio ? `http://localhost:${studioPort}` : readContentEnv().studioUrl,
    port: 0,
    ...(previewLog ? {log: previewLog} : {}),
  })
  const studioDir = studio ? mkdtempSync(join(tmpdir(), 'studio-')) : undefined
  const studioServer: StudioServer | undefined = studioDir
    ? await startStudioServer(
        await buildStudio(
          studioDir,
          studioEnv(
            {
              previewUrl: preview.url,
              lake: {
                secureUrl: lake.secureUrl ?? '',
                plainUrl: `http://localhost:${lake.port}`,
                streamUrls: lake.streamUrls,
              },
            },
            {},
          ),
        ),
        studioPort,
      )
    : undefined
  await testEdge?.inRotation()
  let lakeStopped = false
  return {
    get lake() {
      return lake
    },
    /** Stops the lake for good, as a developer's stopped `npm start` leaves the Studio without one. */
    stopLake: async () => {
      lakeStopped = true
      await lake.close()
    },
    /** Stops the lake and starts it again on the same address and data: a dropped connection for its followers. */
    restartLake: async () => {
      lake = await lake.restart()
    },
    editor: testLakeClient(lake.url),
    /** Where the (first) publish hook keeps its releases. */
    releasesDir,
    /** Every origin: its site server and publish hook (`live` is the first). */
    origins: liveSites,
    /** The edge in front of the origins, when asked for. */
    edge: testEdge,
    /** The publish hook's status, read as anyone reads it: `GET /hooks/publish`. */
    hookStatus: async () => (await (await fetch(live.hook.url)).json()) as PublishStatus,
    token: TEST_LAKE_TOKEN,
    live,
    preview,
    previewDir,
    studio: studioServer,
    close: async () => {
      await studioServer?.close()
      await preview.close()
      await Promise.all(liveSites.map((site) => site.close()))
      await testEdge?.close()
      if (!lakeStopped) await lake.close()
      const folders = [
        join(build.root, '..'),
        ...releaseDirs,
        previewDir,
        ...(studioDir ? [studioDir] : []),
      ]
      for (const folder of folders) rmSync(folder, {recursive: true, force: true})
    },
  }
}

export type EditorialStack = Awaited<ReturnType<typeof startEditorialStack>>
