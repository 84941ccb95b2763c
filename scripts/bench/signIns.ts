// A flood of password sign-ins against supabase/local (its own process, throwaway data): 30 confirmed accounts
// sign in at once, each from its own address, in several rounds, while one client asks `/health` over and
// over. Each password check is bcrypt at cost 10, so the question is whether the server keeps answering
// everyone else while the checks run (they run on libuv's pool, not on the server's thread).
import {latestLink, visitorClient} from '@quantedge/supabase/local/testing/testSupabase'
import {fetchFrom} from '@quantedge/supabase/local/testing/boundFetch'
import {percentile} from './percentile.ts'
import {startStandIn} from './standIn.ts'

const ACCOUNTS = 30
const ROUNDS = 5
const PASSWORD = 'bench-secret-1'
export const HEALTH_P95_TARGET_MS = 100

export type SignInsBench = {
  signIns: number
  failed: number
  signIn: {p50Ms: number; p95Ms: number}
  health: {requests: number; p50Ms: number; p95Ms: number; maxMs: number}
}

/** Account n signs up and confirms from its own address (127.2.0.n), as a visitor would. */
async function confirmedAccount(url: string, mailboxUrl: string, n: number) {
  const address = `127.2.0.${n + 1}`
  const email = `bench-sign-in-${n}@example.com`
  const {error} = await visitorClient(url, address).auth.signUp({email, password: PASSWORD})
  if (error) throw new Error(`Sign-up for the benchmark failed: ${error.message}`)
  const confirm = await fetchFrom(address)(await latestLink(mailboxUrl, email), {
    redirect: 'manual',
  })
  if (confirm.status !== 303) throw new Error(`Confirming ${email} answered ${confirm.status}`)
  return {email, address}
}

/** Asks `/health` one request after another until `until` settles; each request's time. */
async function healthWhile(url: string, until: Promise<unknown>) {
  let done = false
  void until.finally(() => (done = true))
  const samples: number[] = []
  while (!done) {
    const before = performance.now()
    const response = await fetch(`${url}/health`)
    await response.arrayBuffer()
    samples.push(performance.now() - before)
  }
  return samples
}

const round1 = (value: number) => Number(value.toFixed(1))
const sortedOf = (samples: number[]) => [...samples].sort((a, b) => a - b)

export async function benchSignIns(): Promise<SignInsBench> {
  const standIn = await startStandIn()
  try {
    const accounts = []
    for (let n = 0; n < ACCOUNTS; n += 1)
      accounts.push(await confirmedAccount(standIn.url, standIn.mailboxUrl, n))
    const signInTimes: number[] = []
    const healthTimes: number[] = []
    let failed = 0
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex += 1) {
      const flood = Promise.all(
        accounts.map(async ({email, address}) => {
          const before = performance.now()
          const {error} = await visitorClient(standIn.url, address).auth.signInWithPassword({
            email,
            password: PASSWORD,
          })
          signInTimes.push(performance.now() - before)
          if (error) failed += 1
        }),
      )
      healthTimes.push(...(await healthWhile(standIn.url, flood)))
      await flood
    }
    const signIns = sortedOf(signInTimes)
    const health = sortedOf(healthTimes)
    return {
      signIns: signIns.length,
      failed,
      signIn: {p50Ms: round1(percentile(signIns, 50)), p95Ms: round1(percentile(signIns, 95))},
      health: {
        requests: health.length,
        p50Ms: round1(percentile(health, 50)),
        p95Ms: round1(percentile(health, 95)),
        maxMs: round1(health.at(-1) ?? Number.NaN),
      },
    }
  } finally {
    await standIn.stop()
  }
}

export const signInsTable = ({signIns, failed, signIn, health}: SignInsBench) =>
  [
    `${ROUNDS} rounds of ${ACCOUNTS} password sign-ins at once, each from its own address; /health asked one request after another meanwhile.`,
    '',
    '| sign-ins | failed | sign-in p50 ms | sign-in p95 ms | /health requests | /health p50 ms | /health p95 ms | /health max ms |',
    '|---|---|---|---|---|---|---|---|',
    `| ${signIns} | ${failed} | ${signIn.p50Ms} | ${signIn.p95Ms} | ${health.requests} | ${health.p50Ms} | ${health.p95Ms} | ${health.maxMs} |`,
  ].join('\n')
