// `npm run dev`: work on the site and the content model with hot reload. One line per phase, as `npm start` prints
// (each phase's output in .data/logs; --verbose prints it too), then the addresses:
//   Types           the types from the schema and queries, as `npm run build` makes them
//   Content Lake    the embedded Content Lake, in this process (unless the configured one already answers)
//   Content         an empty lake seeded, as npm start seeds it
//   Supabase        supabase/local, in this process (unless it already answers)
//   Site            React Router's dev server, rendering every request from the lake, reloading as code changes
//   Studio          Sanity Studio's dev server, reloading as the schema changes
// After that the dev servers' own output is printed, each line labelled. Ctrl+C stops them all; if one stops,
// the others are stopped too.
import {join} from 'node:path'
import {startEmbeddedLakeIfNeeded} from '@quantedge/content-lake/ensure'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import {readContentEnv, describeContentLake} from '@quantedge/content-access/env'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {outputToTerminal} from '@quantedge/server-kit/output'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {stopRunningCommands} from '@quantedge/server-kit/run'
import {portSetting} from '@quantedge/server-kit/settings'
import {studioDir, studioEnv, studioLakeAddresses} from '@quantedge/studio/serve/build'
import {readStudioServerEnv} from '@quantedge/studio/serve/settings'
import {startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {contentPhase, typesPhase} from './build.ts'
import {startDevServer, stopDevServers} from './devServer.ts'
import {phase, PhaseFailed} from './phases.ts'

/** The dev server's port (DEV_SITE_PORT; default 5173, Vite's). */
const sitePort = portSetting('DEV_SITE_PORT', 5173)
const studioPort = readStudioServerEnv().port
const content = readContentEnv()
// No publish hook runs in development (the dev server renders every request from the lake): no webhooks.
const lake = {...readLakeEnv(), webhooks: []}
const supabaseUrl = readSupabaseSettings().url
const started = performance.now()

try {
  console.log(
    "Starting the dev servers (each phase's output: .data/logs; npm run dev -- --verbose shows it)",
  )
  const types = typesPhase()
  const lakeStarted = phase('Content Lake', async () => {
    const started = await outputToTerminal(() => startEmbeddedLakeIfNeeded(content, lake))
    return {value: started, did: started ? 'embedded lake started' : 'answering'}
  })
  const seeded = contentPhase(content, [lakeStarted])
  const supabase = phase('Supabase', async () => {
    const started = await outputToTerminal(() => startLocalSupabaseIfNeeded(supabaseUrl))
    return {value: started, did: started ? 'supabase/local started' : 'answering'}
  })
  const site = phase('Site', async () => {
    const server = await startDevServer({
      name: 'site',
      command: 'react-router',
      args: ['dev', '--port', String(sitePort), '--strictPort'],
      cwd: join(repositoryRoot, 'web'),
      url: `http://localhost:${sitePort}/`,
    })
    return {value: server, did: 'React Router dev server answering'}
  })
  const studio = phase('Studio', async () => {
    const server = await startDevServer({
      name: 'studio',
      command: 'sanity',
      args: ['dev', '--port', String(studioPort)],
      cwd: studioDir,
      env: studioEnv({
        previewUrl: `http://localhost:${readPreviewEnv().port}`,
        lake: studioLakeAddresses(lake),
      }),
      url: `http://localhost:${studioPort}/`,
    })
    return {value: server, did: 'Sanity dev server answering'}
  })
  const servers = await Promise.all([site, studio])
  await Promise.all([types, lakeStarted, seeded, supabase])
  await phase.allPrinted()
  console.log(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  console.log('')
  console.log(`  Site (hot reload)  http://localhost:${sitePort}`)
  console.log(`  Studio             http://localhost:${studioPort}`)
  console.log(`  Content Lake       ${describeContentLake(content)}`)
  console.log(`  Supabase API       ${supabaseUrl}`)
  console.log('')
  console.log('  Press Ctrl+C to stop.')
  for (const server of servers) server.showOutput()
  const stop = () => {
    stopDevServers()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  const first = await Promise.race(
    servers.map(async (server) => ({server, code: await server.exited})),
  )
  console.error(
    `${first.server.name} dev server stopped (exit code ${first.code}): stopping the others`,
  )
  stopDevServers()
  process.exit(1)
} catch (error) {
  stopRunningCommands()
  stopDevServers()
  if (!(error instanceof PhaseFailed))
    console.error(`Dev start failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
