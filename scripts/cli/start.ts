// `npm start`: the whole product on this machine from the embedded defaults, with its addresses printed:
// the Studio, the public site with publish-to-live behind its edge (Varnish, when installed), the draft preview,
// the Content Lake, and Supabase.
// Each server reads its own settings; this file is where they meet (the lake lets the others' origins in).
import {join, relative} from 'node:path'
import {startEmbeddedLakeIfNeeded} from '@quantedge/content-lake/ensure'
import {varnishPurge} from '@quantedge/edge/purge/varnish'
import {readLocalEdgeEnv} from '@quantedge/edge/settings'
import {findVarnishd, startVarnishEdge, VARNISH_MISSING} from '@quantedge/edge/varnish'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import type {WebhookConfig} from '@quantedge/content-lake/webhooks'
import {startPreviewServer} from '@quantedge/preview-server/server'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {startLiveSite} from '@quantedge/publish-hook/live'
import {outputToTerminal} from '@quantedge/server-kit/output'
import {stopRunningCommands} from '@quantedge/server-kit/run'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {
  buildStudio,
  STUDIO_HEADER_SOURCES,
  studioEnv,
  studioLakeAddresses,
} from '@quantedge/studio/serve/build'
import {startStudioServer} from '@quantedge/studio/serve/server'
import {readStudioServerEnv} from '@quantedge/studio/serve/settings'
import {startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {localSupabaseSettings} from '@quantedge/supabase/local/settings'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {contentClient} from '@quantedge/content-access/client'
import {describeContentLake, readContentEnv} from '@quantedge/content-access/env'
import {
  buildPreviewSite,
  defaultPreviewBuildDir,
  prerenderSite,
  SITE_SOURCES,
  siteSettings,
} from '@quantedge/web/prerender'
import {contentPhase, sitePhase, typesPhase} from './build.ts'
import {described, reuseOrBuild} from './buildInputs.ts'
import {commandPhases, phase, PhaseFailed, seconds} from './phases.ts'
import {fastPathLine} from './fastPath.ts'

const content = readContentEnv()
const siteServer = readSiteServerEnv()
const previewServer = readPreviewEnv()
const studioServer = readStudioServerEnv()
const localOrigin = (port: number) => `http://localhost:${port}`
/** The edge in front of the site when Varnish is installed: visitors' address, the site server its origin. */
const localEdge = findVarnishd() ? readLocalEdgeEnv() : undefined
/** Where visitors open the site: the edge, or the site server itself without one. */
const siteOrigin = localOrigin(localEdge?.port ?? siteServer.port)
const lakeEnv = readLakeEnv()
/** The lake's webhooks, read on every write: attached once the content is seeded (below). */
const webhooks: WebhookConfig[] = []
const lakeSettings = {
  ...lakeEnv,
  webhooks,
  corsOrigins: [
    ...new Set([
      ...lakeEnv.corsOrigins,
      ...[
        studioServer.port,
        siteServer.port,
        previewServer.port,
        ...(localEdge ? [localEdge.port] : []),
      ].map(localOrigin),
    ]),
  ],
}
const studioBuildDir = join(repositoryRoot, '.data', 'studio')
/** A data folder as a reader finds it from the repository. */
const shown = (folder?: string) => (folder ? relative(repositoryRoot, folder) : 'in memory')

const started = performance.now()
/** Settles once the addresses are printed: the background phases start then. */
let addressesAreOut = () => {}
const addressesPrinted = new Promise<void>((resolve) => (addressesAreOut = resolve))
/**
 * What the site does not need: the types, the draft preview and the Studio are built once the site is ready, at
 * the lowest CPU priority, so a first page is not kept waiting by them; their servers listen from the start and say
 * they are being built until they are (server-kit's onceBuilt.ts), as `next dev` is ready before it compiles. Built
 * beside the site's phases instead, even at low priority, they held the site back by 3-6 s on two cores, and
 * everything was built no sooner.
 */
const background = commandPhases({startAfter: addressesPrinted, background: true})
/**
 * Stops the servers this start has started (the edge is a process of its own, which would outlive this one and
 * keep its port); set once they are up.
 */
let stopServers = async () => {}
try {
  console.log(
    "Starting the product on this machine (each phase's output: .data/logs; npm start -- --verbose shows it)",
  )
  // Each phase starts once what it needs is there, so the site's build runs beside the lake and Supabase; the
  // lines come in this order whatever finishes first: the site's phases, its addresses, then the background's.
  const lake = phase('Content Lake', async () => {
    const started = await outputToTerminal(() => startEmbeddedLakeIfNeeded(content, lakeSettings))
    const did = started
      ? `embedded lake started: ${shown(lakeSettings.dataDir)}`
      : `answering at ${describeContentLake(content)}`
    return {value: started, did}
  })
  // The stand-in's e-mailed links return to the site where this start serves it.
  const supabaseUrl = readSupabaseSettings().url
  const supabase = phase('Supabase', async () => {
    const started = await outputToTerminal(() =>
      startLocalSupabaseIfNeeded(supabaseUrl, {auth: {siteUrl: siteOrigin}}),
    )
    const did = started
      ? `supabase/local started: ${shown(localSupabaseSettings().dataDir)}`
      : `answering at ${supabaseUrl}`
    return {value: started, did}
  })
  const seeded = contentPhase(content, [lake])
  // The seeded content is in the site this start builds: the publish hook hears of the changes after it (and a
  // change before the hook listens is retried, as Sanity retries webhooks).
  seeded.then(
    () => webhooks.push(...lakeEnv.webhooks),
    () => {},
  )
  const site = sitePhase(content, [seeded])
  const types = typesPhase(background)
  const previewBuild = background('Draft preview', async () => {
    const preview = await reuseOrBuild(
      defaultPreviewBuildDir,
      {sources: SITE_SOURCES, settings: siteSettings(process.env)},
      () => buildPreviewSite(),
    )
    return {value: preview.dir, did: described(preview, 'built')}
  })
  const studioSettings = studioEnv({
    previewUrl: localOrigin(previewServer.port),
    lake: studioLakeAddresses(lakeSettings),
  })
  const studioBuild = background('Studio', async () => {
    const studio = await reuseOrBuild(
      studioBuildDir,
      {sources: ['studio', 'schemas', ...STUDIO_HEADER_SOURCES], settings: studioSettings},
      () => buildStudio(studioBuildDir, studioSettings),
    )
    return {value: studio.dir, did: described(studio, 'built')}
  })
  // The servers' own output (requests, renders, failures) belongs on the terminal, not in a phase's log.
  const servers = phase(
    'Servers',
    () =>
      outputToTerminal(async () => {
        // The edge first: the publish hook purges it as soon as it starts.
        const edge = localEdge
          ? await startVarnishEdge({
              ...localEdge,
              origins: [{host: siteServer.host, port: siteServer.port}],
            })
          : undefined
        const live = await startLiveSite({
          site: {prerendered: await site, build: (buildDir) => prerenderSite({buildDir})},
          sitePort: siteServer.port,
          siteHost: siteServer.host,
          ...(edge && localEdge
            ? {
                edge: {
                  vendor: 'varnish',
                  purge: varnishPurge({url: edge.purgeUrl, token: localEdge.purgeToken}),
                },
              }
            : {}),
        })
        const preview = await startPreviewServer({
          buildDir: previewBuild,
          drafts: contentClient('drafts', content),
          publicSiteUrl: edge?.url ?? live.site.url,
          studioOrigin: localOrigin(studioServer.port),
          port: previewServer.port,
        })
        const studio = await startStudioServer(studioBuild, studioServer.port)
        return {
          value: {live, edge, preview, studio},
          did: `${edge ? 'edge, ' : ''}site, publish hook, preview, Studio listening`,
        }
      }),
    {after: [lake, supabase, site]},
  )
  const [{live, edge, preview, studio}, lakeStarted, supabaseStarted] = await Promise.all([
    servers,
    lake,
    supabase,
  ])
  await phase.allPrinted()
  console.log(
    `Ready in ${seconds(started)} (the Studio and the draft preview are built next: their lines follow the addresses)`,
  )
  const studioProject = process.env.SANITY_STUDIO_PROJECT_ID
  console.log('')
  console.log(
    `  Studio          ${studio.url}  (${studioProject ? `Sanity project ${studioProject}` : 'the local editor, on the embedded lake'})`,
  )
  if (!studioProject) console.log(`                  ${fastPathLine(lakeSettings)}`)
  console.log(
    edge
      ? `  Site            ${edge.url}  (the edge, Varnish; its origin: ${live.site.url})`
      : `  Site            ${live.site.url}`,
  )
  if (!edge) console.log(`                  ${VARNISH_MISSING}`)
  console.log(
    `  Staff page      ${edge?.url ?? live.site.url}/staff  (the leads; make your account staff: npm run staff -- add <email>)`,
  )
  console.log(
    `  Draft preview   ${preview.url}  (link: npm run content -- preview-url /tradingview)`,
  )
  console.log(`  Publish hook    ${live.hook.url}  (re-renders the pages a publish changes)`)
  console.log(
    `  Content Lake    ${describeContentLake(content)}${lakeStarted ? `, embedded, data in ${lakeSettings.dataDir}` : ''}`,
  )
  if (lakeStarted?.secureUrl) {
    console.log(
      `                  ${lakeStarted.secureUrl} (HTTP/2) and ${lakeStarted.streamUrls.join(', ')} for the Studio`,
    )
  }
  console.log(
    `  Supabase API    ${supabaseUrl}${supabaseStarted ? `, local stand-in, data in ${localSupabaseSettings().dataDir}` : ''}`,
  )
  if (supabaseStarted)
    console.log(
      `  Dev mailbox     ${supabaseStarted.mailboxUrl}  (confirmation and password-reset e-mails, and each lead for the sales address)`,
    )
  console.log('')
  console.log(
    '  Edit in the Studio and press Publish: the site shows it within a second; drafts show in the draft preview.',
  )
  console.log('  Press Ctrl+C to stop.')
  stopServers = async () => {
    await studio.close()
    await preview.close()
    await live.close()
    await edge?.close()
    await supabaseStarted?.close()
    await lakeStarted?.close()
  }
  const stop = async () => {
    await stopServers()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  addressesAreOut()
  await Promise.all([types, previewBuild, studioBuild, background.allPrinted()])
  console.log(
    `Everything built in ${seconds(started)}: the Studio and the draft preview answer too.`,
  )
} catch (error) {
  stopRunningCommands()
  if (!(error instanceof PhaseFailed))
    console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
  // A phase after the addresses (the Studio's build, the types) failed: what is running stops with the start.
  await stopServers()
  process.exit(1)
}
