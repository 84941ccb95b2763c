// Publish to live: from the answer to the publish action (as the Studio publishes, through the Actions API) to the
// public /tradingview serving the new price, for single-document changes on throwaway parts with the default
// settings (webhooks and the Live Content API both on); then one full build, timed the same way, for comparison.
// The publishes start once the hook's render process has warmed up (it renders every page once when the hook
// starts, about a second): a publish in that second waits for it, and the table says how long it took.
// Where the time goes: publishSteps.ts.
import {readPublishHookEnv} from '@quantedge/publish-hook/settings'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {percentile} from './percentile.ts'
import {stepSamples, type StepSamples} from './publishSteps.ts'

export const PUBLISH_P95_TARGET_MS = 300

export type PublishBench = {
  renderDebounceMs: number
  debounceMs: number
  latenciesMs: number[]
  p50Ms: number
  p95Ms: number
  /** Each re-render's own time in the publish hook. */
  renderMs: number[]
  /** Each step's times over the re-renders, in the order they happen. */
  steps: StepSamples
  /** From the hook's start until its render process had warmed up. */
  warmUpMs: number
  /** A full build through the same hook: publish answered → served, and the build alone. */
  fullBuild: {latencyMs: number; buildMs: number}
}

const INDICATOR = 'indicator-straddle'

/**
 * Publishes `change`, then reads /tradingview until it shows `expected`: ms from the publish's answer, and the
 * wall-clock times of the answer and of the read that showed it.
 */
async function publishAndWait(
  stack: EditorialStack,
  change: Record<string, unknown>,
  expected: string,
) {
  await editDraft(stack.editor, INDICATOR, change)
  await publishDraft(stack.editor, INDICATOR)
  const answered = performance.now()
  const answeredAt = Date.now()
  for (;;) {
    const html = await (await fetch(`${stack.live.site.url}/tradingview`)).text()
    if (html.includes(expected))
      return {latencyMs: Math.round(performance.now() - answered), answeredAt, servedAt: Date.now()}
    if (performance.now() - answered > 60_000)
      throw new Error(`/tradingview did not show ${expected} within a minute`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** The hook's latest rebuild (recorded in the same turn as the switch, so before anything new is served). */
async function lastOutcome(stack: EditorialStack) {
  const outcome = (await stack.hookStatus()).rebuilds.at(-1)
  if (!outcome?.ok) throw new Error(`The publish hook's last rebuild failed: ${outcome?.error}`)
  return outcome
}

export async function benchPublish(runs = 20): Promise<PublishBench> {
  const {debounceMs, renderDebounceMs} = readPublishHookEnv()
  const starting = performance.now()
  const stack = await startEditorialStack({debounceMs, renderDebounceMs})
  try {
    await stack.live.prepared
    const warmUpMs = Math.round(performance.now() - starting)
    const latenciesMs: number[] = []
    const renderMs: number[] = []
    const steps = stepSamples()
    for (let run = 0; run < runs; run += 1) {
      const price = 600 + run
      const published = await publishAndWait(stack, {price}, `₹${price}`)
      latenciesMs.push(published.latencyMs)
      const outcome = await lastOutcome(stack)
      if (outcome.kind !== 'render') throw new Error(`Run ${run + 1} took a ${outcome.kind}`)
      renderMs.push(outcome.durationMs)
      steps.add(published.answeredAt, published.servedAt, outcome)
    }
    // The full build for comparison: the same publish, sharing a batch with a request that names no change.
    stack.live.publisher.request('bench: as a full build')
    const {latencyMs: fullBuildLatency} = await publishAndWait(stack, {price: 599}, '₹599')
    const full = await lastOutcome(stack)
    if (full.kind !== 'full build') throw new Error(`The comparison took a ${full.kind}`)
    const sorted = [...latenciesMs].sort((a, b) => a - b)
    return {
      renderDebounceMs,
      debounceMs,
      latenciesMs,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      renderMs,
      warmUpMs,
      steps: steps.result(),
      fullBuild: {latencyMs: fullBuildLatency, buildMs: full.durationMs},
    }
  } finally {
    await stack.close()
  }
}

export const publishTable = (result: PublishBench) =>
  [
    '| change | runs | debounce ms | publish answered → new HTML served: p50 ms | p95 ms | each ms | hook time ms |',
    '|---|---|---|---|---|---|---|',
    `| one indicator's price (re-render) | ${result.latenciesMs.length} | ${result.renderDebounceMs} | ${result.p50Ms} | ${result.p95Ms} | ${result.latenciesMs.join(', ')} | ${result.renderMs.join(', ')} |`,
    `| the same, as a full build | 1 | ${result.debounceMs} | ${result.fullBuild.latencyMs} | | | ${result.fullBuild.buildMs} |`,
    '',
    `The stack's start until the hook's render process had warmed up (the publishes began then): ${result.warmUpMs} ms.`,
  ].join('\n')
