// What logging and metrics cost the site server: requests per second through the origin, the site's pages (the
// real build, several KB each, brotli as browsers take them) over 20 kept-alive connections, against a site server
// in a process of its own started three ways: bare (no log, request ids, health or metrics: the baseline), as
// deployed (JSON logs at info to a file, request ids, every request counted in its metrics histogram), and with a
// log line for every request (LOG_LEVEL=debug). Each round asks each server in turn (in another order each round),
// so a busy moment of the machine falls on all three; the median round of each is kept. On a machine shared with other work the requests per second
// swing by more than the cost measured, so the server's own processor time per request is measured too (from
// /proc/<pid>/stat, each round): one core's worth of requests per second is its inverse, and it is what the target
// is checked on, as the median over the rounds of each round's ratio to the bare server's in the same round (a
// busy moment of the machine weighs on both sides of a ratio; an A/A run of two bare servers this way differed by
// under 1 %; with the machine's load average at 10 and more, runs differed by up to 15 %, so each run measures a
// second bare server too, and says how far it differs). Target: deployed within 5 % of bare.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {mkdtempSync, openSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Worker} from 'node:worker_threads'
import {sitemapPaths} from '@quantedge/schemas/pages'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import type {LoadResult, LoadRound} from './edgeLoad.ts'
import {percentile} from './percentile.ts'

export const OVERHEAD_TARGET = 0.05

const ROUNDS = 20
const REQUESTS = 6000
const CONNECTIONS = 20

type Mode = {name: string; serve: 'bare' | 'observed'; level: string}
const MODES: Mode[] = [
  {name: 'bare (no log, ids or metrics)', serve: 'bare', level: 'info'},
  {name: 'as deployed (JSON log at info, metrics)', serve: 'observed', level: 'info'},
  {name: 'a log line per request (debug)', serve: 'observed', level: 'debug'},
  // A second bare server: how far two identical servers differ in this run, the noise the others are read against.
  {name: 'bare again (this run’s noise)', serve: 'bare', level: 'info'},
]

export type OperationsRow = {
  name: string
  /** The server's processor time (user and system) per request. */
  cpuMicroseconds: number
  /** The median over the rounds of its processor time per request over the bare server's in the same round. */
  cpuVersusBare: number
  /** The median over the rounds of its requests per second over the bare server's in the same round. */
  rpsVersusBare: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  logBytesPerRequest: number
  failed: number
}

type Server = {url: string; logFile: string; cpuSeconds: () => number; stop: () => Promise<void>}

const CLOCK_TICKS =
  Number(spawnSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).stdout.trim()) || 100

/** A process's processor time so far, user and system (fields 14 and 15 of /proc/<pid>/stat, in clock ticks). */
function cpuSecondsOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

async function startServer(root: string, mode: Mode, folder: string): Promise<Server> {
  const logFile = join(folder, `${mode.serve}-${mode.level}.log`)
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import=@quantedge/server-kit/compileCache',
      join(import.meta.dirname, 'siteServer.ts'),
      root,
      mode.serve,
    ],
    {
      cwd: repositoryRoot,
      env: {...process.env, LOG_FORMAT: 'json', LOG_LEVEL: mode.level},
      stdio: ['ignore', openSync(logFile, 'w'), 'pipe'],
    },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let said = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const listening = /listening (\d+)/.exec(said)
      if (listening) resolve(Number(listening[1]))
    })
    child.once('exit', (code) => reject(new Error(`The site server stopped (${code}): ${said}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    logFile,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

export async function benchOperations(): Promise<OperationsRow[]> {
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake).finally(() => lake.close())
  const folder = mkdtempSync(join(tmpdir(), 'operations-bench-'))
  const load = new Worker(join(import.meta.dirname, 'edgeLoad.ts'))
  const round = (job: LoadRound) =>
    new Promise<LoadResult>((resolve) => {
      load.once('message', resolve)
      load.postMessage(job)
    })
  const servers: Server[] = []
  try {
    for (const mode of MODES) servers.push(await startServer(build.root, mode, folder))
    const paths = [...sitemapPaths]
    const runs = servers.map(
      () => [] as {rps: number; cpuSeconds: number; latencies: number[]; failed: number}[],
    )
    // A round unmeasured first: each server's files read and its code compiled, as a server that has been up.
    for (const server of servers)
      await round({url: server.url, paths, count: REQUESTS / 2, connections: CONNECTIONS})
    const logBytesBefore = servers.map(({logFile}) => statSync(logFile).size)
    for (let turn = 0; turn < ROUNDS; turn += 1) {
      // Each round in another order, so that no server always follows the same one.
      for (let step = 0; step < servers.length; step += 1) {
        const index = (turn + step) % servers.length
        const server = servers[index]!
        const [started, cpuBefore] = [performance.now(), server.cpuSeconds()]
        const result = await round({
          url: server.url,
          paths,
          count: REQUESTS,
          connections: CONNECTIONS,
        })
        const seconds = (performance.now() - started) / 1000
        runs[index]!.push({
          rps: REQUESTS / seconds,
          cpuSeconds: server.cpuSeconds() - cpuBefore,
          latencies: result.latenciesMs,
          failed: result.failed,
        })
      }
    }
    const perRequest = (run: {cpuSeconds: number}) => run.cpuSeconds / REQUESTS
    return MODES.map((mode, index) => {
      const measured = runs[index]!
      const ratios = measured
        .map((run, turn) => perRequest(run) / perRequest(runs[0]![turn]!))
        .sort((a, b) => a - b)
      const rateRatios = measured
        .map((run, turn) => run.rps / runs[0]![turn]!.rps)
        .sort((a, b) => a - b)
      const rates = measured.map(({rps}) => rps).sort((a, b) => a - b)
      const latencies = measured.flatMap(({latencies}) => latencies).sort((a, b) => a - b)
      const logBytes = statSync(servers[index]!.logFile).size - logBytesBefore[index]!
      const cpuSeconds = measured.reduce((sum, run) => sum + run.cpuSeconds, 0)
      return {
        name: mode.name,
        cpuMicroseconds: (cpuSeconds / (ROUNDS * REQUESTS)) * 1e6,
        cpuVersusBare: percentile(ratios, 50),
        rpsVersusBare: percentile(rateRatios, 50),
        requestsPerSecond: percentile(rates, 50),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        logBytesPerRequest: logBytes / (ROUNDS * REQUESTS),
        failed: measured.reduce((sum, {failed}) => sum + failed, 0),
      }
    })
  } finally {
    await load.terminate()
    await Promise.all(servers.map((server) => server.stop()))
    build.remove()
    rmSync(folder, {recursive: true, force: true})
  }
}

/** What a mode costs against bare: the processor time it spends per request, beyond the bare server's. */
const cost = (rows: OperationsRow[], index: number) => rows[index]!.cpuVersusBare - 1

const change = (rows: OperationsRow[], index: number) => rows[index]!.rpsVersusBare - 1

const signed = (fraction: number) => `${fraction > 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`

export function operationsTable(rows: OperationsRow[]) {
  const lines = [
    '| site server | processor time / request | vs bare (median of the rounds’ ratios) | one core’s requests/s | requests/s measured (median of rounds) | vs bare (median of the rounds’ ratios) | p50 | p99 | log bytes / request | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const [index, row] of rows.entries()) {
    const versus = (fraction: number) => (index === 0 ? '—' : signed(fraction))
    lines.push(
      `| ${row.name} | ${row.cpuMicroseconds.toFixed(1)} µs | ${versus(cost(rows, index))} | ${Math.round(1e6 / row.cpuMicroseconds)} | ${Math.round(row.requestsPerSecond)} | ${versus(change(rows, index))} | ${row.p50Ms.toFixed(2)} ms | ${row.p99Ms.toFixed(2)} ms | ${row.logBytesPerRequest.toFixed(1)} | ${row.failed} |`,
    )
  }
  return lines.join('\n')
}

/** How far the second bare server differed from the first, in processor time per request: this run's noise. */
export const operationsNoise = (rows: OperationsRow[]) =>
  `This run's noise, a second bare server against the first: ${signed(cost(rows, rows.length - 1))} in processor time per request, ${signed(change(rows, rows.length - 1))} in requests per second.`

export function operationsTargetsMissed(rows: OperationsRow[]): string[] {
  const missed: string[] = []
  if (cost(rows, 1) > OVERHEAD_TARGET)
    missed.push(
      `logging and metrics as deployed cost ${(cost(rows, 1) * 100).toFixed(1)} % more processor time per request than the bare server (target ≤ ${OVERHEAD_TARGET * 100} %)`,
    )
  for (const row of rows)
    if (row.failed > 0) missed.push(`${row.name}: ${row.failed} request(s) failed`)
  return missed
}
