// The publish hook's numbers, beside every server's (server-kit's observe.ts): publishes by kind (render, full
// build on this machine, full render deployed) and outcome (live, failed) with how long each took from its start to its switch or failure, and the edge's
// purges that failed (each attempt; the queue retries them) and the tags still waiting to be purged.
import {Counter, Gauge, Histogram, type Registry} from 'prom-client'
import type {RebuildKind, RebuildOutcome} from './publisher.ts'

const KINDS: RebuildKind[] = ['render', 'full build', 'full render']
const OUTCOMES = ['live', 'failed'] as const

/** Seconds: a render takes a fraction of one, a full build about a minute. */
const PUBLISH_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]

/** `waitingPurges`: how many tags wait to be purged now (the purge queue's status), read at each scrape. */
export function publishMetrics(registry: Registry, waitingPurges: () => number) {
  const publishes = new Counter({
    name: 'quantedge_publishes_total',
    help: 'Renders, full builds and full renders the hook ran, by kind and outcome (live: switched in; failed: the previous release stays)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'quantedge_publish_duration_seconds',
    help: 'How long each render or full build took, from its start until it was live or failed',
    labelNames: ['kind', 'outcome'] as const,
    buckets: PUBLISH_BUCKETS,
    registers: [registry],
  })
  const purgeFailures = new Counter({
    name: 'quantedge_edge_purge_failures_total',
    help: 'Purges of the edge that failed (each attempt; the queue retries until one succeeds)',
    registers: [registry],
  })
  new Gauge({
    name: 'quantedge_edge_purge_queue',
    help: 'Tags waiting to be purged from the edge: being sent, failing, or asked for since',
    registers: [registry],
    collect() {
      this.set(waitingPurges())
    },
  })
  for (const kind of KINDS) for (const outcome of OUTCOMES) publishes.inc({kind, outcome}, 0)
  return {
    published: ({kind, ok, durationMs}: RebuildOutcome) => {
      const labels = {kind, outcome: ok ? 'live' : 'failed'}
      publishes.inc(labels)
      duration.observe(labels, durationMs / 1000)
    },
    purgeFailed: () => purgeFailures.inc(),
  }
}
