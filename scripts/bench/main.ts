// `npm run bench`: performance numbers, measured here and printed as tables. Not part of `npm test`.
// BENCH_RUNS: Lighthouse runs per route, the median kept (default 3).
// BENCH_ONLY=site|dead-time|estimates|sign-ins|publish|lake|startup runs one part;
// BENCH_ROUTES=/,/tradingview limits the Lighthouse routes (the bare page is always measured).
import {assertChromium} from '@quantedge/test-support/chromium'
import {benchDeadTime, deadTimeTable, deadTimeTargetsMissed} from './deadTime.ts'
import {benchEstimates, estimatesTable} from './estimates.ts'
import {benchLake, lakeTable} from './lake.ts'
import {benchPublish, PUBLISH_P95_TARGET_MS, publishTable} from './publish.ts'
import {benchSignIns, HEALTH_P95_TARGET_MS, signInsTable} from './signIns.ts'
import {benchSite, siteTable, siteTargetsMissed} from './site.ts'
import {benchStartup, startupTable, WARM_START_TARGET_MS} from './startup.ts'

const only = process.env.BENCH_ONLY

if (!only || only === 'site') {
  assertChromium()
  const runs = Number(process.env.BENCH_RUNS || 3)
  console.error(`Lighthouse, mobile, median of ${runs} run(s) per route:`)
  const routes = process.env.BENCH_ROUTES
    ? [...process.env.BENCH_ROUTES.split(','), '/bench-bare']
    : undefined
  const rows = await benchSite(runs, routes)
  console.log('\n## Site (Lighthouse, mobile)\n')
  console.log(siteTable(rows))
  const missed = siteTargetsMissed(rows)
  console.log(
    missed.length === 0
      ? '\nAll site targets met.'
      : `\nTargets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`,
  )
}

if (!only || only === 'startup') {
  console.error(
    'Start-up: npm start cold and warm, and npm run dev until its first page, in a copy of the repository',
  )
  const result = await benchStartup()
  console.log('\n## Start-up (a copy of the repository, free ports)\n')
  console.log(startupTable(result))
  console.log(
    result.warmStartMs <= WARM_START_TARGET_MS
      ? '\nA warm npm start is ready within its target.'
      : `\nTarget missed: a warm npm start took ${result.warmStartMs} ms`,
  )
}

if (!only || only === 'dead-time') {
  assertChromium()
  console.error(
    'Dead time: a phone under mobile throttling, taps from the first paint until each control answers',
  )
  const rows = await benchDeadTime()
  console.log('\n## Dead time after the first paint (390 px, 4x CPU, 150 ms RTT, 1.6 Mbps)\n')
  console.log(deadTimeTable(rows))
  const missed = deadTimeTargetsMissed(rows)
  console.log(
    missed.length === 0
      ? '\nEvery control answers at the first tap on /, /tradingview and /contactus.'
      : `\nTargets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`,
  )
}

if (!only || only === 'estimates') {
  console.error(
    'Estimate inserts: 20 concurrent supabase-js clients for 15 s against supabase/local',
  )
  const result = await benchEstimates()
  console.log('\n## Estimate inserts (supabase-js → supabase/local)\n')
  console.log(estimatesTable(result))
  console.log(
    result.stored === result.sent && result.failed === 0
      ? '\nEvery submitted row was stored.'
      : '\nRows were lost or refused.',
  )
}

if (!only || only === 'sign-ins') {
  console.error(
    'Sign-in flood: 30 password sign-ins at once against supabase/local, /health meanwhile',
  )
  const result = await benchSignIns()
  console.log('\n## Sign-in flood (supabase-js → supabase/local)\n')
  console.log(signInsTable(result))
  console.log(
    result.health.p95Ms <= HEALTH_P95_TARGET_MS && result.failed === 0
      ? `\nOther requests are answered within ${HEALTH_P95_TARGET_MS} ms at p95 during the flood.`
      : `\nTarget missed: /health p95 ${result.health.p95Ms} ms, ${result.failed} sign-in(s) failed`,
  )
}

if (!only || only === 'publish') {
  console.error(
    'Publish to live: 20 price changes published through the embedded lake, then one as a full build',
  )
  const result = await benchPublish(20)
  console.log('\n## Publish to live (publish action answered → new HTML served)\n')
  console.log(publishTable(result))
  console.log(
    result.p95Ms <= PUBLISH_P95_TARGET_MS
      ? `\nA single-document publish is served within ${PUBLISH_P95_TARGET_MS} ms at p95.`
      : `\nTarget missed: p95 ${result.p95Ms} ms`,
  )
}

if (!only || only === 'lake') {
  console.error(
    'Content Lake writes: 20 writers on one HTTP/2 session for 15 s against the embedded lake',
  )
  const result = await benchLake()
  console.log('\n## Content Lake writes (HTTP/2, one transaction each)\n')
  console.log(lakeTable(result))
  console.log(
    result.lost === 0 && result.torn === 0 && result.failed === 0
      ? '\nEvery acknowledged write was stored, whole.'
      : '\nWrites were lost, torn or refused.',
  )
}
