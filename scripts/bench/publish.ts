// Publish-to-live latency: from the webhook's arrival at the publish hook to the new HTML being served,
// five publishes of a price change on throwaway parts, with the default debounce.
import {readPublishHookEnv} from '@quantedge/publish-hook/settings'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {startEditorialStack} from '@quantedge/test-support/editorialStack'
import type {RebuildOutcome} from '@quantedge/publish-hook/publisher'

export type PublishBench = {
  debounceMs: number
  latenciesMs: number[]
  medianMs: number
  buildMs: number[]
}

export async function benchPublish(runs = 5): Promise<PublishBench> {
  const {debounceMs} = readPublishHookEnv()
  const stack = await startEditorialStack({debounceMs})
  const rebuilds = async () =>
    ((await (await fetch(stack.live.hook.url)).json()) as {rebuilds: RebuildOutcome[]}).rebuilds
  try {
    const outcomes: RebuildOutcome[] = []
    for (let run = 0; run < runs; run += 1) {
      const price = 600 + run
      const before = (await rebuilds()).length
      await editDraft(stack.editor, 'indicator-straddle', {price})
      await publishDraft(stack.editor, 'indicator-straddle')
      for (;;) {
        const outcome = (await rebuilds())[before]
        if (outcome) {
          if (!outcome.ok) throw new Error(`Rebuild failed: ${outcome.error}`)
          const html = await (await fetch(`${stack.live.site.url}/tradingview`)).text()
          if (!html.includes(`₹${price}`))
            throw new Error(`The rebuilt page does not show ₹${price}`)
          outcomes.push(outcome)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const latenciesMs = outcomes.map((outcome) => outcome.latencyMs!)
    const sorted = [...latenciesMs].sort((a, b) => a - b)
    return {
      debounceMs,
      latenciesMs,
      medianMs: sorted[Math.floor(sorted.length / 2)]!,
      buildMs: outcomes.map((outcome) => outcome.durationMs),
    }
  } finally {
    await stack.close()
  }
}

export const publishTable = (result: PublishBench) =>
  [
    '| runs | debounce ms | webhook → new HTML served, ms (each) | median ms | build ms (each) |',
    '|---|---|---|---|---|',
    `| ${result.latenciesMs.length} | ${result.debounceMs} | ${result.latenciesMs.join(', ')} | ${result.medianMs} | ${result.buildMs.join(', ')} |`,
  ].join('\n')
