// Campaign pages at scale: 200 landing pages of realistic size (landingPageDocuments.ts) on the editorial stack
// with the site behind the local edge (Varnish), the hook on its default settings, its render process warmed up.
// (a) One landing page published: from the lake's answer until its address shows the edit, through the edge and
//     straight from the origin, polled side by side.
// (b) A price that all 200 pages show: from the lake's answer until every page shows it through the edge. The
//     pages not showing it yet are asked in sweeps, 50 ms apart: on two cores, asking without a pause took a
//     core's worth of the time the render needs (the edge, the origin and this poller share the machine, as a
//     CDN's visitors do not), so the figure is late by at most one sweep and the pause.
// (c) Lighthouse, mobile, on a landing page and the bare page, served by the same site server.
// (d) The first `npm start` of a fresh copy (no caches) whose lake already holds the seed and the 200 pages: until
//     the site answers its home page and a landing page, from outside.
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {seedContentLake} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {readPublishHookEnv} from '@quantedge/publish-hook/settings'
import {formatRupees} from '@quantedge/schemas/price'
import {answers} from '@quantedge/server-kit/answers'
import {productOnFreePorts, startCopyScript} from '@quantedge/test-support/copyScripts'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'
import {benchLandingPage, benchLandingSlug, SHARED_INDICATOR} from './landingPageDocuments.ts'
import {auditPage, type PageAudit} from './lighthouse.ts'
import {percentile} from './percentile.ts'
import {stepSamples, stepsTable, type StepSamples} from './publishSteps.ts'
import {BARE_PAGE, medianAudit} from './site.ts'
import {readStartOutput} from './startup.ts'

export const LANDING_PAGES = 200
export const EDGE_P95_TARGET_MS = 1000
export const ORIGIN_P95_TARGET_MS = 300
export const PRICE_ON_ALL_TARGET_MS = 3000
export const FIRST_START_TARGET_MS = 20_000

const PUBLISHES = 20
const PRICE_ROUNDS = 5
const GIVE_UP_MS = 60_000
/** The pause between two sweeps over the pages that do not show a price yet. */
const SWEEP_PAUSE_MS = 50

export type LandingBench = {
  edgeMs: number[]
  originMs: number[]
  priceOnAllMs: number[]
  /** The paths each price round re-rendered, as the hook reported. */
  priceRenderedPaths: number[]
  /** Where the time went: a landing page's publish (until the origin served it), a price (until the edge did). */
  publishSteps: StepSamples
  priceSteps: StepSamples
  lighthouse: {landing: PageAudit; bare: PageAudit}
  firstStart: {siteAnswersMs: number; landingAnswersMs: number; phases: string[]}
}

/** Polls `url` until its body holds `text`: ms since `from`. */
async function until(url: string, text: string, from: number) {
  for (;;) {
    const body = await (await fetch(url)).text()
    if (body.includes(text)) return Math.round(performance.now() - from)
    if (performance.now() - from > GIVE_UP_MS) throw new Error(`${url} did not show ${text}`)
    await sleep(5)
  }
}

/** Polls every path until each shows `text`, 25 at a time: ms since `from` until the last one did. */
async function untilAll(base: string, paths: string[], text: string, from: number) {
  let pending = paths
  while (pending.length > 0) {
    const shown = new Set<string>()
    for (let start = 0; start < pending.length; start += 25) {
      const batch = pending.slice(start, start + 25)
      const bodies = await Promise.all(
        batch.map(async (path) => (await fetch(`${base}${path}`)).text()),
      )
      batch.forEach((path, index) => bodies[index]!.includes(text) && shown.add(path))
    }
    pending = pending.filter((path) => !shown.has(path))
    if (pending.length > 0 && performance.now() - from > GIVE_UP_MS)
      throw new Error(`${pending.length} pages did not show ${text}`)
    if (pending.length > 0) await sleep(SWEEP_PAUSE_MS)
  }
  return Math.round(performance.now() - from)
}

/** The hook's latest rebuild, which must have been a render that succeeded. */
async function lastRender(stack: EditorialStack) {
  const outcome = (await stack.hookStatus()).rebuilds.at(-1)
  if (!outcome?.ok || outcome.kind !== 'render')
    throw new Error(
      `The publish hook's last rebuild was not a render that succeeded: ${JSON.stringify(outcome)}`,
    )
  return outcome
}

async function publishes(stack: EditorialStack) {
  const edgeMs: number[] = []
  const originMs: number[] = []
  const steps = stepSamples()
  for (let run = 0; run < PUBLISHES; run += 1) {
    const index = (run * 37) % LANDING_PAGES
    const id = `landing-bench-${index}`
    const heading = `Campaign ${index}, edit ${run}`
    await editDraft(stack.editor, id, {'sections[_key=="hero"].heading': heading})
    await publishDraft(stack.editor, id)
    const answered = performance.now()
    const answeredAt = Date.now()
    const path = `/${benchLandingSlug(index)}`
    const [edge, origin] = await Promise.all([
      until(`${stack.edge!.url}${path}`, heading, answered),
      until(`${stack.live.site.url}${path}`, heading, answered),
    ])
    edgeMs.push(edge)
    originMs.push(origin)
    steps.add(answeredAt, answeredAt + origin, await lastRender(stack))
  }
  return {edgeMs, originMs, publishSteps: steps.result()}
}

async function prices(stack: EditorialStack) {
  const paths = Array.from({length: LANDING_PAGES}, (_, index) => `/${benchLandingSlug(index)}`)
  const priceOnAllMs: number[] = []
  const priceRenderedPaths: number[] = []
  const steps = stepSamples()
  for (let round = 0; round < PRICE_ROUNDS; round += 1) {
    const price = 700 + round
    await editDraft(stack.editor, SHARED_INDICATOR, {price})
    await publishDraft(stack.editor, SHARED_INDICATOR)
    const answeredAt = Date.now()
    const onAll = await untilAll(stack.edge!.url, paths, formatRupees(price), performance.now())
    priceOnAllMs.push(onAll)
    const outcome = await lastRender(stack)
    priceRenderedPaths.push(outcome.paths?.length ?? 0)
    steps.add(answeredAt, answeredAt + onAll, outcome)
  }
  return {priceOnAllMs, priceRenderedPaths, priceSteps: steps.result()}
}

/** Lighthouse on the first landing page and on the bare page, both served by the live site's server. */
async function lighthouse(stack: EditorialStack, runs: number) {
  const root = join(stack.releasesDir, (await stack.hookStatus()).live, 'client')
  mkdirSync(join(root, 'bench-bare'), {recursive: true})
  writeFileSync(join(root, 'bench-bare', 'index.html'), BARE_PAGE)
  // The server lists a release's files when it switches to it: switched to again, it serves the bare page too.
  stack.live.site.setRoot(root)
  const audits: {landing: PageAudit[]; bare: PageAudit[]} = {landing: [], bare: []}
  for (let run = 0; run < runs; run += 1) {
    audits.landing.push(await auditPage(`${stack.live.site.url}/${benchLandingSlug(0)}`, root))
    audits.bare.push(await auditPage(`${stack.live.site.url}/bench-bare`, root))
  }
  return {landing: medianAudit(audits.landing), bare: medianAudit(audits.bare)}
}

/** The first `npm start` of a fresh copy whose lake holds the seed and the 200 pages before it starts. */
async function firstStart() {
  const copy = copyRepository('bench-landing-start', {freshCaches: true})
  try {
    const env = await productOnFreePorts()
    const lake = startCopyScript(copy.root, 'lake', env)
    try {
      while (!(await answers(`${env.SANITY_API_HOST}/v1/ping`))) await sleep(100)
      // The copy's lake takes the token of its settings (.env.example), as npm start's seed does.
      await seedContentLake(
        testLakeClient(env.SANITY_API_HOST, {token: process.env.SANITY_API_WRITE_TOKEN}),
        [
          ...seedDocuments,
          ...Array.from({length: LANDING_PAGES}, (_, index) => benchLandingPage(index)),
        ],
      )
    } finally {
      await lake.stop()
    }
    const start = startCopyScript(copy.root, 'start', env)
    const started = performance.now()
    const since = () => Math.round(performance.now() - started)
    let siteAnswersMs = 0
    let landingAnswersMs = 0
    let phases: string[] = []
    try {
      while (!siteAnswersMs || !landingAnswersMs) {
        siteAnswersMs ||= (await answers(`http://localhost:${env.EDGE_PORT}/`)) ? since() : 0
        landingAnswersMs ||= (await answers(
          `http://localhost:${env.EDGE_PORT}/${benchLandingSlug(LANDING_PAGES - 1)}`,
        ))
          ? since()
          : 0
        if (since() > 300_000)
          throw new Error(`npm start did not answer:\n${start.output().slice(-2000)}`)
        await sleep(100)
      }
      // The phases it had reported by then (scripts/cli/phases.ts).
      phases = readStartOutput(start.output()).phases.map(
        ({name, did, seconds}) => `${name}: ${did}, ${seconds} s`,
      )
    } finally {
      await start.stop()
    }
    return {siteAnswersMs, landingAnswersMs, phases}
  } finally {
    copy.remove()
  }
}

export async function benchLandingPages(runs: number): Promise<LandingBench> {
  const {debounceMs, renderDebounceMs} = readPublishHookEnv()
  const stack = await startEditorialStack({
    debounceMs,
    renderDebounceMs,
    edge: true,
    documents: Array.from({length: LANDING_PAGES}, (_, index) => benchLandingPage(index)),
  })
  let measured: Omit<LandingBench, 'firstStart'>
  try {
    await stack.live.prepared
    measured = {
      ...(await publishes(stack)),
      ...(await prices(stack)),
      lighthouse: await lighthouse(stack, runs),
    }
  } finally {
    await stack.close()
  }
  return {...measured, firstStart: await firstStart()}
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const p95 = (values: number[]) => percentile(sorted(values), 95)

export function landingTargetsMissed(bench: LandingBench): string[] {
  const {landing, bare} = bench.lighthouse
  return [
    p95(bench.edgeMs) > EDGE_P95_TARGET_MS &&
      `a landing page's publish showed through the edge at p95 ${p95(bench.edgeMs)} ms (target ≤ ${EDGE_P95_TARGET_MS})`,
    p95(bench.originMs) > ORIGIN_P95_TARGET_MS &&
      `a landing page's publish showed at the origin at p95 ${p95(bench.originMs)} ms (target ≤ ${ORIGIN_P95_TARGET_MS})`,
    Math.max(...bench.priceOnAllMs) > PRICE_ON_ALL_TARGET_MS &&
      `a price showed on all ${LANDING_PAGES} pages after ${Math.max(...bench.priceOnAllMs)} ms at worst (target ≤ ${PRICE_ON_ALL_TARGET_MS})`,
    landing.performance < 100 &&
      `Lighthouse performance ${landing.performance} on a landing page (target 100)`,
    landing.lcpMs > bare.lcpMs * 1.15 &&
      `a landing page's LCP ${landing.lcpMs} ms > 1.15 × the bare page's ${bare.lcpMs} ms`,
    bench.firstStart.siteAnswersMs > FIRST_START_TARGET_MS &&
      `the first npm start with ${LANDING_PAGES} landing pages answered after ${bench.firstStart.siteAnswersMs} ms (target ≤ ${FIRST_START_TARGET_MS})`,
  ].filter((line): line is string => typeof line === 'string')
}

export function landingTable(bench: LandingBench): string {
  const row = (what: string, values: number[], target: string) =>
    `| ${what} | ${percentile(sorted(values), 50)} | ${p95(values)} | ${Math.max(...values)} | ${target} |`
  const {landing, bare} = bench.lighthouse
  return [
    `${LANDING_PAGES} landing pages, each with a hero, 2-6 offerings, about 6 KB of terms, the form and a call to action.`,
    '',
    '| publish to live, ms | p50 | p95 | max | target |',
    '|---|---|---|---|---|',
    row(
      `one landing page, through the edge (${PUBLISHES} publishes)`,
      bench.edgeMs,
      `p95 ≤ ${EDGE_P95_TARGET_MS}`,
    ),
    row(`one landing page, at the origin`, bench.originMs, `p95 ≤ ${ORIGIN_P95_TARGET_MS}`),
    row(
      `a price on all ${LANDING_PAGES} pages, through the edge (${PRICE_ROUNDS} prices)`,
      bench.priceOnAllMs,
      `≤ ${PRICE_ON_ALL_TARGET_MS}`,
    ),
    '',
    `Paths each price re-rendered: ${bench.priceRenderedPaths.join(', ')}.`,
    '',
    'Where the time goes: one landing page, until the origin serves it',
    '',
    stepsTable(bench.publishSteps),
    '',
    `Where the time goes: a price on all ${LANDING_PAGES} pages, until the edge serves the last`,
    '',
    stepsTable(bench.priceSteps),
    '',
    '| Lighthouse, mobile | perf | LCP ms | CLS | TBT ms | CPU index |',
    '|---|---|---|---|---|---|',
    `| a landing page | ${landing.performance} | ${landing.lcpMs} | ${landing.cls} | ${landing.tbtMs} | ${landing.cpuIndex} |`,
    `| bare page (floor) | ${bare.performance} | ${bare.lcpMs} | ${bare.cls} | ${bare.tbtMs} | ${bare.cpuIndex} |`,
    '',
    `First npm start of a fresh copy with ${LANDING_PAGES} landing pages: the home page answered after ${bench.firstStart.siteAnswersMs} ms (target ≤ ${FIRST_START_TARGET_MS}), the last landing page after ${bench.firstStart.landingAnswersMs} ms. Its phases by then: ${bench.firstStart.phases.join('; ')}.`,
  ].join('\n')
}
