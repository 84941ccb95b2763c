// Leads after a crash: supabase/local as its own process (as `npm start` runs it) takes a burst of 100 leads (one
// insert through supabase-js, its trigger filling the outbox, the stand-in's kick draining it into its dev
// mailbox), and is killed with -9 while they are being mailed, at a random moment counted in mails (as many on a
// slow machine as on a fast one). It is started again at once on the same ports and data folder; measured: the
// time from the restart until it answers and until the last lead is in the mailbox, and that every lead was
// mailed exactly once (the mailbox keeps Resend's Idempotency-Key rules, so a lead whose mail went just before
// the kill is not mailed again).
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {createClient} from '@supabase/supabase-js'
import {startChildSupabase} from '@quantedge/supabase/local/testing/childSupabase'
import {DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {freePort} from '@quantedge/test-support/freePort'
import {lead} from './estimates.ts'

const LEADS = 100
/** The target: what was leased at the kill is mailed within 10 s of the restart. */
export const LAST_MAILED_TARGET_MS = 10_000
const POLL_MS = 5
const GIVE_UP_MS = 120_000
/** Past a lease (5 s) and a tick of the outbox clock (10 s) after the last mail: time for a second mail to show. */
const SETTLE_MS = 15_000

export type LeadsCrashBench = {
  leads: number
  mailedBeforeKill: number
  restartAnsweredMs: number
  lastMailedMs: number
  missing: number
  duplicates: number
}

type Message = {Subject: string; Created: string}

const messages = async (mailboxUrl: string) =>
  ((await (await fetch(`${mailboxUrl}/api/v1/messages`)).json()) as {messages: Message[]}).messages

/** Polls `done` every POLL_MS until it holds, or fails naming `what`. */
async function until(what: string, done: () => Promise<boolean>) {
  const giveUpAt = performance.now() + GIVE_UP_MS
  while (!(await done())) {
    if (performance.now() > giveUpAt) throw new Error(`${what}: not within ${GIVE_UP_MS} ms`)
    await sleep(POLL_MS)
  }
}

export async function benchLeadsCrash(): Promise<LeadsCrashBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-leads-crash-'))
  const options = {dataDir, port: await freePort(), mailboxPort: await freePort()}
  let standIn = await startChildSupabase(options)
  try {
    const leads = Array.from({length: LEADS}, (_, n) => lead('crash', n))
    const subjects = new Set(leads.map(({name}) => `New estimate request: ${name}`))
    const mailed = async () =>
      (await messages(standIn.mailboxUrl)).filter(({Subject}) => subjects.has(Subject))
    const leadsMailed = async () => new Set((await mailed()).map(({Subject}) => Subject)).size
    // The service role is not throttled: the burst is one insert of 100 rows, one outbox row each.
    const {error} = await createClient(standIn.url, DEMO_SERVICE_ROLE_KEY, {
      auth: {persistSession: false},
    })
      .from('free_estimate_requests')
      .insert(leads)
    if (error) throw new Error(`Inserting the burst of leads failed: ${error.message}`)

    const killAfter = 10 + Math.floor(Math.random() * 40)
    await until(`${killAfter} leads mailed`, async () => (await leadsMailed()) >= killAfter)
    await standIn.kill()
    const killedAt = Date.now()

    const restarted = performance.now()
    standIn = await startChildSupabase(options)
    const restartAnsweredMs = performance.now() - restarted
    await until(
      `all ${LEADS} leads mailed after the restart`,
      async () => (await leadsMailed()) === LEADS,
    )
    const lastMailedMs = performance.now() - restarted

    await sleep(SETTLE_MS)
    const final = await mailed()
    const counts = new Map<string, number>()
    for (const {Subject} of final) counts.set(Subject, (counts.get(Subject) ?? 0) + 1)
    return {
      leads: LEADS,
      mailedBeforeKill: final.filter(({Created}) => Date.parse(Created) <= killedAt).length,
      restartAnsweredMs: Math.round(restartAnsweredMs),
      lastMailedMs: Math.round(lastMailedMs),
      missing: [...subjects].filter((subject) => !counts.has(subject)).length,
      duplicates: [...counts.values()].reduce((sum, count) => sum + count - 1, 0),
    }
  } finally {
    await standIn.stop()
    rmSync(dataDir, {recursive: true, force: true})
  }
}

export const leadsCrashTable = (result: LeadsCrashBench) =>
  [
    '| leads | mailed before kill -9 | restart → answering ms | restart → last mailed ms | missing | mailed twice |',
    '|---|---|---|---|---|---|',
    `| ${result.leads} | ${result.mailedBeforeKill} | ${result.restartAnsweredMs} | ${result.lastMailedMs} | ${result.missing} | ${result.duplicates} |`,
  ].join('\n')

export const leadsCrashVerdict = (result: LeadsCrashBench) =>
  result.missing === 0 && result.duplicates === 0 && result.lastMailedMs <= LAST_MAILED_TARGET_MS
    ? `Every lead mailed exactly once, the last within ${LAST_MAILED_TARGET_MS / 1000} s of the restart.`
    : `Target missed: ${result.missing} missing, ${result.duplicates} mailed twice, last mailed ${result.lastMailedMs} ms after the restart`
