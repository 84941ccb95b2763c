// Scheduled releases to live: 10 releases, each of two indicator prices and a plan price, scheduled a few seconds
// ahead on throwaway parts with the default settings (webhooks and the Live Content API both on); for each, the
// time from its publishAt to the public site serving the new HTML (/tradingview with both new prices; / with the
// new plan price is then checked, the switch being one step). The lake publishes the release at publishAt, the
// hook renders and switches: the figure holds both, and where its time goes (publishSteps.ts).
import {readPublishHookEnv} from '@quantedge/publish-hook/settings'
import {
  addToRelease,
  createRelease,
  editInRelease,
  scheduleRelease,
} from '@quantedge/content/releases'
import {formatRupees} from '@quantedge/schemas/price'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {percentile} from './percentile.ts'
import {stepSamples, type StepSamples} from './publishSteps.ts'

/** The targets: every release served within a second of its publishAt, and half within 300 ms. */
export const RELEASE_MAX_TARGET_MS = 1000
export const RELEASE_P50_TARGET_MS = 300
const LEAD_MS = 3000

export type ScheduledReleaseBench = {
  latenciesMs: number[]
  p50Ms: number
  p95Ms: number
  /** The hook's rebuilds per release (1 when a release is one change). */
  rebuilds: number[]
  /** Of each latency, the lake's part: publishAt → the release's publishedAt. */
  lakeMs: number[]
  /** Where the time went, over the releases published in one rebuild. */
  steps: StepSamples
  /** The paths each release's rebuild rendered again. */
  paths: string[]
}

/** Reads `path` until it shows every text; the wall-clock time it first did. */
async function servedAt(stack: EditorialStack, path: string, texts: string[], by: number) {
  for (;;) {
    const html = await (await fetch(`${stack.live.site.url}${path}`)).text()
    if (texts.every((text) => html.includes(text))) return Date.now()
    if (Date.now() > by) throw new Error(`${path} did not show ${texts.join(', ')} in time`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function scheduleOffer(stack: EditorialStack, run: number) {
  const prices = {
    'indicator-straddle': 300 + run,
    'indicator-strangle': 350 + run,
    'plan-index-quant-metrics': 2500 + run,
  }
  const releaseId = await createRelease(stack.editor, `Bench offer ${run + 1}`)

  for (const [id, price] of Object.entries(prices)) {
    await addToRelease(stack.editor, releaseId, id)
    await editInRelease(stack.editor, releaseId, id, {price})
  }
  const publishAt = Date.now() + LEAD_MS
  await scheduleRelease(stack.editor, releaseId, new Date(publishAt).toISOString())
  return {releaseId, prices, publishAt}
}

export async function benchScheduledReleases(runs = 10): Promise<ScheduledReleaseBench> {
  const {debounceMs, renderDebounceMs} = readPublishHookEnv()
  const stack = await startEditorialStack({debounceMs, renderDebounceMs})
  try {
    const latenciesMs: number[] = []
    const rebuilds: number[] = []
    const lakeMs: number[] = []
    const steps = stepSamples()
    let paths: string[] = []
    for (let run = 0; run < runs; run += 1) {
      const before = (await stack.hookStatus()).rebuilds.at(-1)?.number ?? 0
      const {releaseId, prices, publishAt} = await scheduleOffer(stack, run)
      const by = publishAt + 60_000
      const served = await servedAt(
        stack,
        '/tradingview',
        [prices['indicator-straddle'], prices['indicator-strangle']].map(formatRupees),
        by,
      )
      await servedAt(stack, '/', [formatRupees(prices['plan-index-quant-metrics'])], by)
      latenciesMs.push(served - publishAt)
      const release = await stack.editor.releases.get({releaseId})
      lakeMs.push(Date.parse(release?.publishedAt ?? '') - publishAt)
      // Let a late trigger show as a rebuild of its own before counting.
      await new Promise((resolve) => setTimeout(resolve, renderDebounceMs + 500))
      const status = await stack.hookStatus()
      const failed = status.rebuilds.find(({number, ok}) => number > before && !ok)
      if (failed) throw new Error(`Release ${run + 1}'s rebuild failed: ${failed.error}`)
      const releaseRebuilds = status.rebuilds.filter(({number}) => number > before)
      rebuilds.push(releaseRebuilds.length)
      const [rebuild] = releaseRebuilds
      if (releaseRebuilds.length === 1 && rebuild) {
        steps.add(publishAt, served, rebuild)
        paths = rebuild.paths ?? []
      }
    }
    const sorted = [...latenciesMs].sort((a, b) => a - b)
    return {
      latenciesMs,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      rebuilds,
      lakeMs,
      steps: steps.result(),
      paths,
    }
  } finally {
    await stack.close()
  }
}

export function scheduledReleaseTargetsMissed(result: ScheduledReleaseBench): string[] {
  const latest = Math.max(...result.latenciesMs)
  return [
    ...(latest > RELEASE_MAX_TARGET_MS ? [`the latest ${latest} ms after its publishAt`] : []),
    ...(result.p50Ms > RELEASE_P50_TARGET_MS ? [`p50 ${result.p50Ms} ms`] : []),
  ]
}

export const scheduledReleaseTable = (result: ScheduledReleaseBench) =>
  [
    '| change | releases | publishAt → new HTML served: p50 ms | p95 ms | each ms | of which the lake (publishAt → publishedAt) ms | rebuilds each |',
    '|---|---|---|---|---|---|---|',
    `| two indicator prices and a plan price, scheduled | ${result.latenciesMs.length} | ${result.p50Ms} | ${result.p95Ms} | ${result.latenciesMs.join(', ')} | ${result.lakeMs.join(', ')} | ${result.rebuilds.join(', ')} |`,
  ].join('\n')
