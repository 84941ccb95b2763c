// Leads reaching staff: supabase/local as its own process (as `npm start` runs it), 20 estimate requests sent
// through supabase-js with the anon key one after another, each from its own client address, and for each the
// time from the insert's answer until its staff mail is in the dev mailbox (the mailbox asked every 10 ms).
// Delivery goes through the outbox: the insert's trigger, the stand-in's kick, notify-staff claiming by rpc and
// sending through the mailbox's Mailpit send API, as on hosted Supabase pg_cron's job and Resend would.
import {setTimeout as sleep} from 'node:timers/promises'
import {visitorClient} from '@quantedge/supabase/local/testing/testSupabase'
import {lead} from './estimates.ts'
import {percentile} from './percentile.ts'
import {startStandIn} from './standIn.ts'

/** The target: staff have the mail within 5 s of the insert, p95. */
export const LEADS_P95_TARGET_MS = 5000
const POLL_MS = 10
const GIVE_UP_MS = 30_000

export type LeadsBench = {leads: number; p50Ms: number; p95Ms: number; maxMs: number}

const subjects = async (mailboxUrl: string) =>
  new Set(
    (
      (await (await fetch(`${mailboxUrl}/api/v1/messages`)).json()) as {
        messages: {Subject: string}[]
      }
    ).messages.map(({Subject}) => Subject),
  )

/** Milliseconds from `since` until a message with `subject` is in the mailbox. */
async function timeUntilMailed(mailboxUrl: string, subject: string, since: number) {
  while (!(await subjects(mailboxUrl)).has(subject)) {
    if (performance.now() - since > GIVE_UP_MS)
      throw new Error(`No staff mail "${subject}" within ${GIVE_UP_MS} ms`)
    await sleep(POLL_MS)
  }
  return performance.now() - since
}

export async function benchLeads(count = 20): Promise<LeadsBench> {
  const standIn = await startStandIn()
  try {
    const samples: number[] = []
    for (let n = 0; n < count; n += 1) {
      const request = lead('lead', n)
      const {error} = await visitorClient(standIn.url, `127.3.0.${n + 1}`)
        .from('free_estimate_requests')
        .insert(request)
      const answered = performance.now()
      if (error) throw new Error(`Inserting a lead for the benchmark failed: ${error.message}`)
      samples.push(
        await timeUntilMailed(
          standIn.mailboxUrl,
          `New estimate request: ${request.name}`,
          answered,
        ),
      )
    }
    const sorted = samples.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms)
    return {
      leads: count,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
    }
  } finally {
    await standIn.stop()
  }
}

export const leadsTable = (result: LeadsBench) =>
  [
    '| leads | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|',
    `| ${result.leads} | ${result.p50Ms} | ${result.p95Ms} | ${result.maxMs} |`,
  ].join('\n')
