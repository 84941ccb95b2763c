// Estimate inserts through supabase-js against supabase/local, run as its own process (as `npm start` runs
// it) with a throwaway data folder: latency percentiles and sustained inserts per second with concurrent
// clients, and every submitted row counted back.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient} from '@supabase/supabase-js'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {repositoryRoot} from '../run.ts'
import {freePort} from '../site/freePort.ts'

export type EstimatesBench = {clients: number; seconds: number; sent: number; stored: number; failed: number; p50Ms: number; p99Ms: number; perSecond: number}

async function startStandIn() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-supabase-'))
  const [port, mailboxPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, ['supabase/local/main.ts'], {
    cwd: repositoryRoot,
    env: {...process.env, SUPABASE_LOCAL_PORT: String(port), SUPABASE_MAILBOX_PORT: String(mailboxPort), SUPABASE_LOCAL_DATA_DIR: dataDir},
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt += 1) {
    if (await fetch(`${url}/health`).then((response) => response.ok, () => false)) break
    if (attempt > 100) throw new Error('supabase/local did not start for the benchmark')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, {recursive: true, force: true})
    },
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

export async function benchEstimates({clients = 20, seconds = 15} = {}): Promise<EstimatesBench> {
  const standIn = await startStandIn()
  try {
    const latencies: number[] = []
    let failed = 0
    const deadline = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({length: clients}, async (_, client) => {
        const supabase = createClient(standIn.url, DEMO_ANON_KEY, {auth: {persistSession: false}})
        for (let n = 0; performance.now() < deadline; n += 1) {
          const before = performance.now()
          const {error} = await supabase.from('free_estimate_requests').insert({
            name: `Bench client ${client}`,
            email: `bench-${client}-${n}@example.com`,
            phone: '98765 43210',
            platforms: ['Python'],
            requirements: ['Backtesting'],
            description: 'A benchmark request.',
            terms_accepted: true,
            ownership_confirmed: true,
          })
          if (error) failed += 1
          else latencies.push(performance.now() - before)
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const owner = createClient(standIn.url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})
    const {data, error} = await owner.from('free_estimate_requests').select('id')
    if (error) throw new Error(`Counting the rows back failed: ${error.message}`)
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      clients,
      seconds: Number(elapsed.toFixed(1)),
      sent: latencies.length + failed,
      stored: data.length,
      failed,
      p50Ms: Number(percentile(sorted, 50).toFixed(1)),
      p99Ms: Number(percentile(sorted, 99).toFixed(1)),
      perSecond: Number((latencies.length / elapsed).toFixed(1)),
    }
  } finally {
    await standIn.stop()
  }
}

export const estimatesTable = (result: EstimatesBench) =>
  [
    '| clients | seconds | sent | stored (counted back) | failed | p50 ms | p99 ms | inserts/s |',
    '|---|---|---|---|---|---|---|---|',
    `| ${result.clients} | ${result.seconds} | ${result.sent} | ${result.stored} | ${result.failed} | ${result.p50Ms} | ${result.p99Ms} | ${result.perSecond} |`,
  ].join('\n')
