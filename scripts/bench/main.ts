// `npm run bench`: performance numbers, measured here and printed as tables. Not part of `npm test`.
// BENCH_RUNS: Lighthouse runs per route, the median kept (default 3).
// BENCH_ONLY=site|photo-poster|dead-time|estimates|sign-ins|publish|landing-pages|scheduled-release|edge|operations|
// security|lake|lake-scale|content-archive|startup|leads|leads-crash|staff-page|images|image-load|studio runs one part;
// BENCH_LAKE_SIZES=100,1000 limits the lake-scale part's dataset sizes (default 100, 1,000, 5,000, 20,000);
// BENCH_ROUTES=/,/tradingview limits the Lighthouse routes (the bare page is always measured).
import {assertChromium} from '@quantedge/test-support/chromium'
import {benchDeadTime, deadTimeTable, deadTimeTargetsMissed} from './deadTime.ts'
import {archiveTable, archiveTargetsMissed, benchContentArchive} from './contentArchive.ts'
import {benchEdge, edgeTable, edgeTargetsMissed} from './edge.ts'
import {benchEstimates, estimatesTable} from './estimates.ts'
import {benchImages, imagesTable, KEPT_P95_TARGET_MS} from './images.ts'
import {
  benchImageLoad,
  CONTROL_P99_TARGET_MS,
  imageLoadTable,
  imageLoadTargetsMissed,
} from './imageLoad.ts'
import {benchLake, lakeTable} from './lake.ts'
import {benchLandingPages, landingTable, landingTargetsMissed} from './landingPages.ts'
import {benchLeads, leadsTable, LEADS_P95_TARGET_MS} from './leads.ts'
import {
  benchOperations,
  OVERHEAD_TARGET,
  operationsNoise,
  operationsTable,
  operationsTargetsMissed,
} from './operations.ts'
import {benchLeadsCrash, leadsCrashTable, leadsCrashVerdict} from './leadsCrash.ts'
import {benchStaffPage, staffPageTable, staffPageVerdict} from './staffPage.ts'
import {
  benchLakeScale,
  LAKE_SCALE_SIZES,
  lakeScaleTable,
  lakeScaleTargetsMissed,
} from './lakeScale.ts'
import {benchPhotoPoster, photoPosterTable, photoPosterVerdict} from './photoPoster.ts'
import {benchPublish, PUBLISH_P95_TARGET_MS, publishTable} from './publish.ts'
import {stepsTable} from './publishSteps.ts'
import {benchSecurity, securityTable, securityTargetsMissed} from './security.ts'
import {
  benchScheduledReleases,
  scheduledReleaseTable,
  scheduledReleaseTargetsMissed,
} from './scheduledRelease.ts'
import {benchSignIns, HEALTH_P95_TARGET_MS, signInsTable} from './signIns.ts'
import {benchSite, siteTable, siteTargetsMissed} from './site.ts'
import {benchStartup, startupTable, startupTargetsMissed} from './startup.ts'
import {benchStudio, studioTable} from './studio.ts'

/** One part of the bench: what it says while it runs, its heading, and its table with a line on its targets. */
type Part = {
  name: string
  announce: string
  heading: string
  measure: () => Promise<{table: string; verdict: string}>
}

const runs = Number(process.env.BENCH_RUNS || 3)
const missedOrMet = (missed: string[], met: string) =>
  missed.length === 0 ? met : `Targets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`

const parts: Part[] = [
  {
    name: 'site',
    announce: `Lighthouse, mobile, median of ${runs} run(s) per route:`,
    heading: 'Site (Lighthouse, mobile)',
    measure: async () => {
      assertChromium()
      const routes = process.env.BENCH_ROUTES
        ? [...process.env.BENCH_ROUTES.split(','), '/bench-bare']
        : undefined
      const rows = await benchSite(runs, routes)
      return {
        table: siteTable(rows),
        verdict: missedOrMet(siteTargetsMissed(rows), 'All site targets met.'),
      }
    },
  },
  {
    name: 'photo-poster',
    announce: `Lighthouse, mobile, median of ${runs} run(s): /tradingview with a 4000x3000 photo as its first poster`,
    heading: "An editor's photo as the first poster (Lighthouse, mobile)",
    measure: async () => {
      assertChromium()
      const result = await benchPhotoPoster(runs)
      return {table: photoPosterTable(result), verdict: photoPosterVerdict(result)}
    },
  },
  {
    name: 'startup',
    announce:
      'Start-up: npm start cold (a fresh clone: no caches) and warm, and npm run dev until its first page, in a copy of the repository',
    heading: 'Start-up (a copy of the repository, free ports)',
    measure: async () => {
      const result = await benchStartup()
      return {
        table: startupTable(result),
        verdict: missedOrMet(
          startupTargetsMissed(result),
          'npm start is ready within its targets, cold and warm, and quiet before its addresses.',
        ),
      }
    },
  },
  {
    name: 'dead-time',
    announce:
      'Dead time: a phone under mobile throttling, taps from the first paint until each control answers',
    heading: 'Dead time after the first paint (390 px, 4x CPU, 150 ms RTT, 1.6 Mbps)',
    measure: async () => {
      assertChromium()
      const rows = await benchDeadTime()
      return {
        table: deadTimeTable(rows),
        verdict: missedOrMet(
          deadTimeTargetsMissed(rows),
          'Every control answers at the first tap on /, /tradingview and /contactus.',
        ),
      }
    },
  },
  {
    name: 'estimates',
    announce: 'Estimate inserts: 20 concurrent supabase-js clients for 15 s against supabase/local',
    heading: 'Estimate inserts (supabase-js → supabase/local)',
    measure: async () => {
      const result = await benchEstimates()
      return {
        table: estimatesTable(result),
        verdict:
          result.stored === result.sent && result.failed === 0
            ? 'Every submitted row was stored.'
            : 'Rows were lost or refused.',
      }
    },
  },
  {
    name: 'leads',
    announce:
      'Leads to staff: 20 estimate inserts through supabase-js, each until its staff mail is in the dev mailbox',
    heading: 'Leads to staff (insert answered → staff mail in the dev mailbox, supabase/local)',
    measure: async () => {
      const result = await benchLeads(20)
      return {
        table: leadsTable(result),
        verdict:
          result.p95Ms <= LEADS_P95_TARGET_MS
            ? `Staff have each lead's mail within ${LEADS_P95_TARGET_MS} ms at p95.`
            : `Target missed: p95 ${result.p95Ms} ms`,
      }
    },
  },
  {
    name: 'leads-crash',
    announce:
      'Leads after a crash: supabase/local killed with -9 while a burst of 100 leads is mailed, then started again',
    heading: 'Leads after kill -9 (restart → last lead in the dev mailbox, supabase/local)',
    measure: async () => {
      const result = await benchLeadsCrash()
      return {table: leadsCrashTable(result), verdict: leadsCrashVerdict(result)}
    },
  },
  {
    name: 'staff-page',
    announce:
      'The staff page with 1,000 and 10,000 leads in Chromium: first rows, a search by surname, bytes downloaded',
    heading: 'Staff page at a season’s volume (signed-in staff, /staff, supabase/local)',
    measure: async () => {
      const rows = await benchStaffPage()
      return {table: staffPageTable(rows), verdict: staffPageVerdict(rows)}
    },
  },
  {
    name: 'sign-ins',
    announce:
      'Sign-in flood: 30 password sign-ins at once against supabase/local, /health meanwhile',
    heading: 'Sign-in flood (supabase-js → supabase/local)',
    measure: async () => {
      const result = await benchSignIns()
      return {
        table: signInsTable(result),
        verdict:
          result.health.p95Ms <= HEALTH_P95_TARGET_MS && result.failed === 0
            ? `Other requests are answered within ${HEALTH_P95_TARGET_MS} ms at p95 during the flood.`
            : `Target missed: /health p95 ${result.health.p95Ms} ms, ${result.failed} sign-in(s) failed`,
      }
    },
  },
  {
    name: 'publish',
    announce:
      'Publish to live: 20 price changes published through the embedded lake, then one as a full build',
    heading: 'Publish to live (publish action answered → new HTML served)',
    measure: async () => {
      const result = await benchPublish(20)
      return {
        table: `${publishTable(result)}\n\nWhere the time goes (a re-render):\n\n${stepsTable(result.steps)}`,
        verdict:
          result.p95Ms <= PUBLISH_P95_TARGET_MS
            ? `A single-document publish is served within ${PUBLISH_P95_TARGET_MS} ms at p95.`
            : `Target missed: p95 ${result.p95Ms} ms`,
      }
    },
  },
  {
    name: 'landing-pages',
    announce: `Campaign pages: 200 landing pages behind the edge (publishes, a price on all, Lighthouse ×${runs}, a first npm start)`,
    heading: 'Campaign pages at scale (200 landing pages)',
    measure: async () => {
      assertChromium()
      const result = await benchLandingPages(runs)
      return {
        table: landingTable(result),
        verdict: missedOrMet(landingTargetsMissed(result), 'All campaign page targets met.'),
      }
    },
  },
  {
    name: 'scheduled-release',
    announce:
      'Scheduled releases: 10 releases of two indicator prices and a plan price, each scheduled a few seconds ahead',
    heading: 'Scheduled releases (publishAt → new HTML served)',
    measure: async () => {
      const result = await benchScheduledReleases(10)
      return {
        table: `${scheduledReleaseTable(result)}\n\nWhere the time goes (a release's rebuild of ${result.paths.join(' ')}):\n\n${stepsTable(result.steps)}`,
        verdict: missedOrMet(
          scheduledReleaseTargetsMissed(result),
          'Every scheduled release is served within a second of its publishAt, half within 300 ms.',
        ),
      }
    },
  },
  {
    name: 'edge',
    announce:
      'The edge under a crowd: 20,000 requests over 50 connections while 10 prices are published, through Varnish in front of two origins, straight to one, and with one killed midway',
    heading: 'The edge (Varnish) under a crowd, publishing meanwhile',
    measure: async () => {
      const runs = await benchEdge()
      return {
        table: edgeTable(runs),
        verdict: missedOrMet(
          edgeTargetsMissed(runs),
          'Through the edge: at least 99 % of requests answered from its cache, every publish visible within 1 s at p95, no request failed with an origin killed.',
        ),
      }
    },
  },
  {
    name: 'operations',
    announce:
      'What logging and metrics cost the site server: requests per second through the origin, bare, as deployed, and with a log line per request',
    heading: 'Logging and metrics on the site server (through the origin)',
    measure: async () => {
      const rows = await benchOperations()
      return {
        table: operationsTable(rows),
        verdict: `${missedOrMet(
          operationsTargetsMissed(rows),
          `Logging and metrics as deployed cost at most ${OVERHEAD_TARGET * 100} % of the bare server's processor time per request (of its requests per second on a core).`,
        )}\n${operationsNoise(rows)}`,
      }
    },
  },
  {
    name: 'security',
    announce:
      "Security headers: MDN HTTP Observatory's tests over the site (origin and TLS edge), the draft preview and the Studio",
    heading: "Security headers (MDN HTTP Observatory's analyzer, @mdn/mdn-http-observatory)",
    measure: async () => {
      const rows = await benchSecurity()
      return {
        table: securityTable(rows),
        verdict: missedOrMet(
          securityTargetsMissed(rows),
          'The site grades A+ (100 or more) on every test its origin answers and through its TLS edge; the preview and the Studio at least A.',
        ),
      }
    },
  },
  {
    name: 'lake',
    announce:
      'Content Lake writes: 20 writers on one HTTP/2 session for 15 s against the embedded lake',
    heading: 'Content Lake writes (HTTP/2, one transaction each)',
    measure: async () => {
      const result = await benchLake()
      return {
        table: lakeTable(result),
        verdict:
          result.lost === 0 && result.torn === 0 && result.failed === 0
            ? 'Every acknowledged write was stored, whole.'
            : 'Writes were lost, torn or refused.',
      }
    },
  },
  {
    name: 'lake-scale',
    announce:
      "Content Lake at scale: writes, queries by id, a list and a restart at 100 to 20,000 documents of about 6 KB (six blocks of Portable Text each; the table gives their average size and the dataset's)",
    heading: 'Content Lake at scale (one request at a time, @sanity/client, published perspective)',
    measure: async () => {
      const sizes = process.env.BENCH_LAKE_SIZES
        ? process.env.BENCH_LAKE_SIZES.split(',').map(Number)
        : LAKE_SCALE_SIZES
      const rows = await benchLakeScale(sizes)
      return {
        table: lakeScaleTable(rows),
        verdict: missedOrMet(
          lakeScaleTargetsMissed(rows),
          `Targets met at ${rows.at(-1)?.documents} documents: write p95 ≤ 10 ms, query by id p95 ≤ 10 ms, list p50 ≤ 50 ms, restart ≤ 2 s.`,
        ),
      }
    },
  },
  {
    name: 'content-archive',
    announce:
      'Content that moves: 20,000 documents of about 6 KB and 200 photos exported by npm run content -- export and imported into a new dataset by npm run content -- import, the lake queried by id during the export',
    heading:
      "Content that moves (Sanity's archive out of and into the embedded lake, each its own process)",
    measure: async () => {
      const result = await benchContentArchive()
      return {
        table: archiveTable(result),
        verdict: missedOrMet(
          archiveTargetsMissed(result),
          'Export and import each within 60 s, the lake grew by less than half the dataset while it streamed, and queries kept a p95 within 50 ms.',
        ),
      }
    },
  },
  {
    name: 'images',
    announce:
      'Images: a 4000x3000 photo uploaded to the embedded lake, then 9 variants made (cold) and asked for again (kept)',
    heading: "Images (the embedded lake's image URL API, its own process)",
    measure: async () => {
      const result = await benchImages()
      return {
        table: imagesTable(result),
        verdict:
          result.keptSameBytes && result.kept.p95Ms <= KEPT_P95_TARGET_MS
            ? `Kept variants are answered with the same bytes within ${KEPT_P95_TARGET_MS} ms at p95.`
            : `Target missed: kept p95 ${result.kept.p95Ms} ms, same bytes: ${result.keptSameBytes}`,
      }
    },
  },
  {
    name: 'image-load',
    announce:
      'Images under a flood: 20 of the heaviest transforms and a 256-megapixel upload at once against the embedded lake, a control client pinging and querying meanwhile',
    heading: "Images under a flood (the embedded lake's image processes, its own process)",
    measure: async () => {
      const result = await benchImageLoad()
      return {
        table: imageLoadTable(result),
        verdict: missedOrMet(
          imageLoadTargetsMissed(result),
          `The control client's p99 stayed within ${CONTROL_P99_TARGET_MS} ms and every heavy request was answered within its bound.`,
        ),
      }
    },
  },
  {
    name: 'studio',
    announce: `The Studio in Chromium, ${runs} new browser(s) each: without and with the local authority trusted`,
    heading: 'The Studio opening (navigation → indicator list shown, → Straddle form ready)',
    measure: async () => {
      assertChromium()
      const rows = await benchStudio(runs)
      const fast = rows.find(({fastPath}) => fastPath)
      const plain = rows.find(({fastPath}) => !fastPath)
      return {
        table: studioTable(rows),
        verdict:
          fast && plain
            ? 'The Studio opened both ways: HTTP/2 with the authority trusted, plain HTTP without.'
            : 'A browser did not take its expected route to the lake.',
      }
    },
  },
]

const only = process.env.BENCH_ONLY
if (only && !parts.some(({name}) => name === only)) {
  console.error(
    `BENCH_ONLY=${only} names no part; choose from ${parts.map(({name}) => name).join(', ')}.`,
  )
  process.exit(2)
}
for (const {name, announce, heading, measure} of parts) {
  if (only && only !== name) continue
  console.error(announce)
  const {table, verdict} = await measure()
  console.log(`\n## ${heading}\n`)
  console.log(table)
  console.log(`\n${verdict}`)
}
