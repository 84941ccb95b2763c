// A throwaway local edge for tests and the bench: Varnish in front of `origins`, on free ports, in a temporary
// working folder removed when it stops, with a purge for the publish hooks behind it.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Origin} from '@quantedge/edge/origins'
import {varnishPurge} from '@quantedge/edge/purge/varnish'
import {startVarnishEdge} from '@quantedge/edge/varnish'
import {freePort} from './freePort.ts'

export const TEST_EDGE_PURGE_TOKEN = 'test-edge-purge-token'

export async function startTestEdge(origins: readonly Origin[]) {
  const workDir = mkdtempSync(join(tmpdir(), 'edge-'))
  const edge = await startVarnishEdge({
    origins,
    port: await freePort(),
    purgePort: await freePort(),
    purgeToken: TEST_EDGE_PURGE_TOKEN,
    workDir,
    memory: '64m',
  }).catch((error: unknown) => {
    rmSync(workDir, {recursive: true, force: true})
    throw error
  })
  return {
    ...edge,
    /**
     * Resolves once the edge sends requests to an origin again: its probes (each origin's /readyz) found one ready.
     * A stack whose origins started after the edge, or were busy building, may have been taken out of rotation.
     */
    inRotation: async (withinMs = 60_000) => {
      const deadline = performance.now() + withinMs
      for (;;) {
        const answer = await fetch(`${edge.url}/healthz`).catch(() => undefined)
        await answer?.arrayBuffer()
        if (answer?.ok) return
        if (performance.now() > deadline)
          throw new Error(`The edge took no origin into rotation within ${withinMs / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
    /** What a publish hook behind this edge is given. */
    forHooks: {
      vendor: 'varnish' as const,
      purge: varnishPurge({url: edge.purgeUrl, token: TEST_EDGE_PURGE_TOKEN}),
    },
    close: async () => {
      await edge.close()
      rmSync(workDir, {recursive: true, force: true})
    },
  }
}

export type TestEdge = Awaited<ReturnType<typeof startTestEdge>>
