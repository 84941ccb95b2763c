// Estimate inserts through supabase-js against supabase/local, run as its own process (as `npm start` runs
// it) with a throwaway data folder, with the migration's flood throttle in place:
// - visitors: concurrent clients, each request a new lead (its own e-mail, and a new client address every
//   few requests, as many visitors are), for latency percentiles and sustained inserts per second, every
//   acknowledged row counted back;
// - a flood: 200 inserts from one address in 10 s, refused past the limit, while one visitor after another
//   (other addresses) sends a request; the visitors' latency is compared with the same visitors unloaded.
import {setTimeout as sleep} from 'node:timers/promises'
import {createClient} from '@supabase/supabase-js'
import {fetchFrom} from '@quantedge/supabase/local/testing/boundFetch'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {percentile} from './percentile.ts'
import {startStandIn} from './standIn.ts'

/** The throttle lets one address send 10 at once (supabase/migrations/*_free_estimate_request_throttle.sql). */
const REQUESTS_PER_ADDRESS = 10
const FLOOD_REQUESTS = 200
const FLOOD_SECONDS = 10

type Latencies = {p50Ms: number; p99Ms: number}

export type EstimatesBench = {
  clients: number
  seconds: number
  sent: number
  stored: number
  failed: number
  p50Ms: number
  p99Ms: number
  perSecond: number
  flood: {
    sent: number
    accepted: number
    refused: number
    failed: number
    stored: number
    refusalP99Ms: number
  }
  visitorUnloaded: Latencies & {sent: number; failed: number}
  visitorDuringFlood: Latencies & {sent: number; failed: number}
}

const round = (value: number) => Number(value.toFixed(1))

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b)
  return {p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99))}
}

/** An estimate request as the form sends it, told apart by its label and number. */
export const lead = (label: string, n: number) => ({
  name: `Bench ${label} ${n}`,
  email: `bench-${label}-${n}@example.com`,
  phone: '98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: 'A benchmark request.',
  terms_accepted: true,
  ownership_confirmed: true,
})

/** Client addresses 127.<block>.x.y: each a visitor the throttle counts apart. */
const address = (block: number, n: number) => `127.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`
const clientFrom = (url: string, localAddress: string) =>
  createClient(url, DEMO_ANON_KEY, {
    auth: {persistSession: false},
    global: {fetch: fetchFrom(localAddress)},
  })

/** One insert; its latency, and whether it was stored, refused by the throttle (429) or failed otherwise. */
async function timedInsert(client: ReturnType<typeof clientFrom>, row: ReturnType<typeof lead>) {
  const before = performance.now()
  const {error, status} = await client.from('free_estimate_requests').insert(row)
  return {
    ms: performance.now() - before,
    outcome: error === null ? 'stored' : status === 429 ? 'refused' : 'failed',
  }
}

async function visitors(url: string, clients: number, seconds: number) {
  const samples: number[] = []
  let failed = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({length: clients}, async (_, clientIndex) => {
      let supabase = clientFrom(url, address(10 + clientIndex, 0))
      for (let n = 0; performance.now() < deadline; n += 1) {
        if (n > 0 && n % REQUESTS_PER_ADDRESS === 0)
          supabase = clientFrom(url, address(10 + clientIndex, n / REQUESTS_PER_ADDRESS))
        const {ms, outcome} = await timedInsert(supabase, lead(`visitor${clientIndex}`, n))
        if (outcome === 'stored') samples.push(ms)
        else failed += 1
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  return {samples, failed, elapsed}
}

/** One visitor after another, each from a new address, until `until` resolves. */
async function visitorsInTurn(url: string, block: number, until: Promise<unknown>) {
  let done = false
  void until.then(() => (done = true))
  const samples: number[] = []
  let failed = 0
  for (let n = 0; !done; n += 1) {
    const {ms, outcome} = await timedInsert(
      clientFrom(url, address(block, n)),
      lead(`turn${block}`, n),
    )
    if (outcome === 'stored') samples.push(ms)
    else failed += 1
  }
  return {samples, failed}
}

/** FLOOD_REQUESTS inserts from 127.0.0.2, paced evenly over FLOOD_SECONDS, none waiting for the last. */
async function flood(url: string) {
  const flooder = clientFrom(url, '127.0.0.2')
  const answers = await Promise.all(
    Array.from({length: FLOOD_REQUESTS}, async (_, n) => {
      await sleep((n * FLOOD_SECONDS * 1000) / FLOOD_REQUESTS)
      return timedInsert(flooder, lead('flood', n))
    }),
  )
  const count = (outcome: string) => answers.filter((answer) => answer.outcome === outcome).length
  return {
    sent: answers.length,
    accepted: count('stored'),
    refused: count('refused'),
    failed: count('failed'),
    refusalP99Ms: latencies(
      answers.filter((answer) => answer.outcome === 'refused').map((answer) => answer.ms),
    ).p99Ms,
  }
}

async function storedWith(url: string, prefix: string) {
  const owner = createClient(url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})
  const {data, error} = await owner.from('free_estimate_requests').select('email')
  if (error) throw new Error(`Counting the rows back failed: ${error.message}`)
  return data.filter((row) => row.email.startsWith(prefix)).length
}

export async function benchEstimates({clients = 20, seconds = 15} = {}): Promise<EstimatesBench> {
  const standIn = await startStandIn()
  try {
    const load = await visitors(standIn.url, clients, seconds)
    const unloaded = await visitorsInTurn(standIn.url, 100, sleep(FLOOD_SECONDS * 1000))
    const floodRun = flood(standIn.url)
    const duringFlood = await visitorsInTurn(standIn.url, 101, floodRun)
    const floodResult = await floodRun
    return {
      clients,
      seconds: round(load.elapsed),
      sent: load.samples.length + load.failed,
      stored: await storedWith(standIn.url, 'bench-visitor'),
      failed: load.failed,
      ...latencies(load.samples),
      perSecond: round(load.samples.length / load.elapsed),
      flood: {...floodResult, stored: await storedWith(standIn.url, 'bench-flood')},
      visitorUnloaded: {
        sent: unloaded.samples.length + unloaded.failed,
        failed: unloaded.failed,
        ...latencies(unloaded.samples),
      },
      visitorDuringFlood: {
        sent: duringFlood.samples.length + duringFlood.failed,
        failed: duringFlood.failed,
        ...latencies(duringFlood.samples),
      },
    }
  } finally {
    await standIn.stop()
  }
}

export const estimatesTable = (result: EstimatesBench) => {
  const {flood: f, visitorUnloaded: alone, visitorDuringFlood: loaded} = result
  const ratio = loaded.p99Ms / alone.p99Ms
  return [
    `Visitors: ${result.clients} concurrent clients, each request a new lead, a new client address every ${REQUESTS_PER_ADDRESS} requests.`,
    '',
    '| clients | seconds | sent | stored (counted back) | failed | p50 ms | p99 ms | inserts/s |',
    '|---|---|---|---|---|---|---|---|',
    `| ${result.clients} | ${result.seconds} | ${result.sent} | ${result.stored} | ${result.failed} | ${result.p50Ms} | ${result.p99Ms} | ${result.perSecond} |`,
    '',
    `Flood: ${FLOOD_REQUESTS} inserts from one address in ${FLOOD_SECONDS} s, while visitors from other addresses send one request each, in turn.`,
    '',
    '| flood sent | accepted | stored (counted back) | refused (429) | failed | refusal p99 ms |',
    '|---|---|---|---|---|---|',
    `| ${f.sent} | ${f.accepted} | ${f.stored} | ${f.refused} | ${f.failed} | ${f.refusalP99Ms} |`,
    '',
    '| visitors | sent | failed | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
    `| alone | ${alone.sent} | ${alone.failed} | ${alone.p50Ms} | ${alone.p99Ms} |`,
    `| during the flood | ${loaded.sent} | ${loaded.failed} | ${loaded.p50Ms} | ${loaded.p99Ms} |`,
    '',
    `Visitors' p99 during the flood is ${ratio.toFixed(2)}× their p99 alone (target: within 2×)${ratio <= 2 ? '.' : ': MISSED.'}`,
  ].join('\n')
}
