// Where a publish's time goes, from outside and inside: from the moment the change was made (the publish action's
// answer, or a release's publishAt) until the hook was asked, the hook's own steps (the debounce, the render's
// steps, the switch; servers/publish-hook/publisher.ts records them with each rebuild), and from the switch until
// the new page was read from the site. Summed over runs as p50 and p95 per step.
import type {RebuildOutcome} from '@quantedge/publish-hook/publisher'
import {percentile} from './percentile.ts'

export type StepSamples = {step: string; ms: number[]}[]

/** Collects each run's steps, in the order they happen. */
export function stepSamples() {
  const samples = new Map<string, number[]>()
  return {
    /** One run: changed at `changedAt` (wall clock), read served at `servedAt`, by the rebuild `outcome`. */
    add(changedAt: number, servedAt: number, outcome: RebuildOutcome) {
      const askedAt = Date.parse(outcome.requestedAt)
      const steps = [
        {step: 'changed → the hook asked (webhook, live event)', ms: askedAt - changedAt},
        ...(outcome.steps ?? []),
        {
          step: 'switched → the new page read from the site',
          ms: servedAt - (askedAt + (outcome.latencyMs ?? 0)),
        },
      ]
      for (const {step, ms} of steps) samples.set(step, [...(samples.get(step) ?? []), ms])
    },
    result: (): StepSamples => [...samples].map(([step, ms]) => ({step, ms})),
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

export const stepsTable = (steps: StepSamples) =>
  [
    '| step | p50 ms | p95 ms |',
    '|---|---|---|',
    ...steps.map(
      ({step, ms}) =>
        `| ${step} | ${Math.round(percentile(sorted(ms), 50))} | ${Math.round(percentile(sorted(ms), 95))} |`,
    ),
  ].join('\n')
