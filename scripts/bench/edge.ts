// The site under a crowd, through the edge: 20,000 requests for the site's pages over 50 kept-alive connections,
// in ten rounds, an indicator's price published at the start of each, against the edge (Varnish) in front of two
// origins, each a deployed publish hook in its own process (servers/publish-hook/main.ts, following the lake's
// Live Content API); then the same load straight to one origin, for comparison; then through the edge again with
// one origin killed (SIGKILL, its process group) at the sixth round. One publish before the runs, unmeasured,
// leaves the origins as a site that has been up a while has them. Measured: failed requests, the edge's hit
// ratio (its Cache-Status) and the origins' requests (Varnish's backend requests), latency, and each publish from
// the lake's answer to the new price served where the visitors ask.
import {spawn, type ChildProcess} from 'node:child_process'
import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {Worker} from 'node:worker_threads'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {sitemapPaths} from '@quantedge/schemas/pages'
import {formatRupees} from '@quantedge/schemas/price'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {startTestEdge, TEST_EDGE_PURGE_TOKEN, type TestEdge} from '@quantedge/test-support/edge'
import {siteWebhook, TEST_WEBHOOK_SECRET} from '@quantedge/test-support/editorialStack'
import {freePort} from '@quantedge/test-support/freePort'
import {
  siteBuildEnv,
  siteBuildFrom,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import type {LoadResult, LoadRound} from './edgeLoad.ts'
import {percentile} from './percentile.ts'

export const EDGE_VISIBLE_P95_TARGET_MS = 1000
export const EDGE_HIT_RATIO_TARGET = 0.99

const REQUESTS = 20_000
const CONNECTIONS = 50
const ROUNDS = 10
const READY_WITHIN_MS = 600_000

export type EdgeRun = {
  name: string
  requests: number
  failed: number
  failures: string[]
  hitRatio: number | undefined
  originRequests: number
  p50Ms: number
  p99Ms: number
  seconds: number
  visibleMs: number[]
  visibleP50Ms: number
  visibleP95Ms: number
  purgesPerPublish: number | undefined
}

type Origin = {siteUrl: string; hookUrl: string; kill: () => void; stop: () => Promise<void>}

/**
 * One deployed origin (site server and publish hook) in a process of its own, rendering the site build `siteBuild`
 * into releases of its own.
 */
async function startOrigin(
  env: NodeJS.ProcessEnv,
  siteBuild: string,
  folders: string[],
): Promise<Origin> {
  const [sitePort, hookPort] = [Number(env.SITE_PORT), Number(env.PUBLISH_HOOK_PORT)]
  const releasesDir = temporaryWebFolder('edge-bench-releases')
  folders.push(releasesDir)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import=@quantedge/server-kit/compileCache',
      join(repositoryRoot, 'servers/publish-hook/main.ts'),
    ],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...env,
        SITE_BUILD_DIR: siteBuild,
        PUBLISH_HOOK_RELEASES_DIR: releasesDir,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const hookUrl = `http://127.0.0.1:${hookPort}/hooks/publish`
  const started = performance.now()
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`An origin stopped while starting:\n${output.slice(-3000)}`)
    if ((await fetch(hookUrl).catch(() => undefined))?.ok) break
    if (performance.now() - started > READY_WITHIN_MS)
      throw new Error(`An origin did not start within 10 minutes:\n${output.slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, name)
  }
  return {
    siteUrl: `http://127.0.0.1:${sitePort}`,
    hookUrl,
    kill: () => signal('SIGKILL'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      signal('SIGTERM')
      await exited
    },
  }
}

/** How many purges the origin's hook has made (its status keeps the last 20: more than a run's 10 publishes). */
const purgesOf = async ({hookUrl}: Origin) => {
  const status = (await (await fetch(hookUrl)).json()) as {edge?: {purges: {at: string}[]}}
  return status.edge?.purges.map(({at}) => at) ?? []
}

/** Publishes `price`, then asks `site` until its /tradingview shows it: ms from the lake's answer. */
async function publishAndWait(
  lake: ReturnType<typeof testLakeClient>,
  site: string,
  price: number,
) {
  await editDraft(lake, 'indicator-straddle', {price})
  await publishDraft(lake, 'indicator-straddle')
  const answered = performance.now()
  for (;;) {
    const html = await (await fetch(`${site}/tradingview`)).text()
    if (html.includes(formatRupees(price))) return Math.round(performance.now() - answered)
    if (performance.now() - answered > 60_000)
      throw new Error(`${site}/tradingview did not show ₹${price}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export async function benchEdge(): Promise<EdgeRun[]> {
  const folders: string[] = []
  const [sitePorts, hookPorts] = [
    [await freePort(), await freePort()],
    [await freePort(), await freePort()],
  ]
  const lake = await startSeededLake(hookPorts.map((port) => siteWebhook(port)))
  const editor = testLakeClient(lake.url)
  let edge: TestEdge | undefined
  const origins: Origin[] = []
  const load = new Worker(join(import.meta.dirname, 'edgeLoad.ts'))
  const round = (job: LoadRound) =>
    new Promise<LoadResult>((resolve) => {
      load.once('message', resolve)
      load.postMessage(job)
    })
  try {
    edge = await startTestEdge(sitePorts.map((port) => ({host: '127.0.0.1', port})))
    const siteBuild = await siteBuildFrom(lake)
    folders.push(siteBuild.dir)
    const siteUrl = (port: number) => `http://127.0.0.1:${port}`
    for (const [index, sitePort] of sitePorts.entries()) {
      origins.push(
        await startOrigin(
          {
            ...siteBuildEnv(lake),
            SITE_PORT: String(sitePort),
            SITE_HOST: '127.0.0.1',
            PUBLISH_HOOK_PORT: String(hookPorts[index]),
            PUBLISH_HOOK_SECRET: TEST_WEBHOOK_SECRET,
            PUBLISH_HOOK_PEER_SITES: sitePorts
              .filter((port) => port !== sitePort)
              .map(siteUrl)
              .join(','),
            EDGE_VENDOR: 'varnish',
            EDGE_PURGE_URL: edge.purgeUrl,
            EDGE_PURGE_TOKEN: TEST_EDGE_PURGE_TOKEN,
          },
          siteBuild.dir,
          folders,
        ),
      )
      console.error(`  origin ${index + 1} of 2 is up`)
    }
    let price = 1000
    // Both origins ready for a publish, as on a site that has been up a while: one publish before measuring, seen
    // through the edge (a just-started origin prepares its render process first, and the first publish waits).
    await publishAndWait(editor, edge.url, price)
    const measure = async (name: string, target: string, duringRound?: (index: number) => void) => {
      const statsBefore = edge!.stats()
      const started = performance.now()
      const since = new Date().toISOString()
      const results: LoadResult[] = []
      const visibleMs: number[] = []
      for (let index = 0; index < ROUNDS; index += 1) {
        duringRound?.(index)
        price += 1
        const [result, visible] = await Promise.all([
          round({
            url: target,
            paths: sitemapPaths,
            count: REQUESTS / ROUNDS,
            connections: CONNECTIONS,
          }),
          publishAndWait(editor, target, price),
        ])
        results.push(result)
        visibleMs.push(visible)
      }
      const seconds = (performance.now() - started) / 1000
      const latencies = results.flatMap(({latenciesMs}) => latenciesMs).sort((a, b) => a - b)
      const requests = latencies.length
      const viaEdge = target === edge!.url
      const statsAfter = edge!.stats()
      // Purges since the run started, of the origins still up (a killed one's are lost with it).
      const purges = (
        await Promise.all(origins.filter((origin) => !killed.has(origin)).map(purgesOf))
      ).flat()
      const sortedVisible = [...visibleMs].sort((a, b) => a - b)
      console.error(`  ${name}: done in ${seconds.toFixed(1)} s`)
      return {
        name,
        requests,
        failed: results.reduce((sum, {failed}) => sum + failed, 0),
        failures: results.flatMap(({failures}) => failures).slice(0, 5),
        hitRatio: viaEdge ? results.reduce((sum, {hits}) => sum + hits, 0) / requests : undefined,
        originRequests: viaEdge
          ? (statsAfter['MAIN.backend_req'] ?? 0) - (statsBefore['MAIN.backend_req'] ?? 0)
          : requests,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        seconds,
        visibleMs,
        visibleP50Ms: percentile(sortedVisible, 50),
        visibleP95Ms: percentile(sortedVisible, 95),
        purgesPerPublish: viaEdge ? purges.filter((at) => at >= since).length / ROUNDS : undefined,
      } satisfies EdgeRun
    }
    const killed = new Set<Origin>()
    const runs: EdgeRun[] = []
    runs.push(await measure('through the edge, two origins', edge.url))
    runs.push(await measure('straight to one origin, no edge', origins[0]!.siteUrl))
    runs.push(
      await measure('through the edge, one origin killed at round 6', edge.url, (index) => {
        if (index !== 5) return
        origins[1]!.kill()
        killed.add(origins[1]!)
      }),
    )
    return runs
  } finally {
    await load.terminate()
    await Promise.all(origins.map((origin) => origin.stop()))
    await edge?.close()
    await lake.close()
    for (const folder of folders) rmSync(folder, {recursive: true, force: true})
  }
}

const ms = (value: number) => value.toFixed(1)

export const edgeTable = (runs: EdgeRun[]) =>
  [
    '| run | requests | failed | edge hit ratio | origin requests | p50 ms | p99 ms | req/s | publish → visible p50 ms | p95 ms | each ms | purges a publish |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${run.requests} | ${run.failed} | ${run.hitRatio === undefined ? '–' : `${(run.hitRatio * 100).toFixed(2)} %`} | ${run.originRequests} | ${ms(run.p50Ms)} | ${ms(run.p99Ms)} | ${Math.round(run.requests / run.seconds)} | ${run.visibleP50Ms} | ${run.visibleP95Ms} | ${run.visibleMs.join(', ')} | ${run.purgesPerPublish ?? '–'} |`,
    ),
  ].join('\n')

export function edgeTargetsMissed(runs: EdgeRun[]) {
  const missed: string[] = []
  for (const run of runs.filter(({hitRatio}) => hitRatio !== undefined)) {
    if (run.hitRatio! < EDGE_HIT_RATIO_TARGET)
      missed.push(`${run.name}: hit ratio ${(run.hitRatio! * 100).toFixed(2)} % < 99 %`)
    if (run.visibleP95Ms > EDGE_VISIBLE_P95_TARGET_MS)
      missed.push(`${run.name}: publish visible p95 ${run.visibleP95Ms} ms > 1,000 ms`)
    if (run.failed > 0) missed.push(`${run.name}: ${run.failed} failed: ${run.failures.join('; ')}`)
  }
  return missed
}
