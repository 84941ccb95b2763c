// supabase/local as the person on call reads it: alive, ready while its database answers, GoTrue's own health,
// and the leads outbox in /metrics (mails waiting, how long the oldest has, refused for now, sent), moved by a
// lead and by the mail API going down.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {DEMO_ANON_KEY} from './keys.ts'
import type {Schedule} from './outboxClock.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from './testing/testSupabase.ts'
import {scrape} from '@quantedge/test-support/metrics'

let supabase: TestSupabase
let tick: () => void = () => {}
const byHand: Schedule = (onTick) => {
  tick = onTick
  return () => {}
}

beforeAll(async () => {
  supabase = await startTestSupabase({outboxSchedule: byHand})
})
afterAll(() => supabase.close())

let leads = 0
async function sendLead() {
  leads += 1
  const {error} = await visitorClient(supabase.url, `127.0.9.${leads}`)
    .from('free_estimate_requests')
    .insert({
      name: `Operations lead ${leads}`,
      email: `operations-${leads}@example.com`,
      phone: '+91 98765 43210',
      platforms: ['Python'],
      requirements: ['Backtesting'],
      description: 'A backtest.',
      terms_accepted: true,
      ownership_confirmed: true,
    })
  expect(error).toBeNull()
}

it('is alive, ready while its database answers, and answers GoTrue’s health check', async () => {
  expect(await (await fetch(`${supabase.url}/healthz`)).json()).toEqual({
    status: 'ok',
    server: 'supabase',
  })
  const ready = await fetch(`${supabase.url}/readyz`)
  expect(ready.status).toBe(200)
  expect(await ready.json()).toMatchObject({checks: {database: {ok: true}}})
  const gotrue = await fetch(`${supabase.url}/auth/v1/health`, {headers: {apikey: DEMO_ANON_KEY}})
  expect(await gotrue.json()).toEqual({
    version: 'supabase/local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  })
})

it('counts a lead’s mail once it went, and one that waits while the mail API is down, with its age', async () => {
  const before = await scrape(supabase.url)
  await sendLead()
  await expect
    .poll(async () => (await scrape(supabase.url)).value('quantedge_lead_mails_sent'))
    .toBe(before.value('quantedge_lead_mails_sent') + 1)
  const mailed = await scrape(supabase.url)
  expect(mailed.value('quantedge_lead_outbox_pending')).toBe(0)
  expect(mailed.value('quantedge_lead_mails_failed')).toBe(
    before.value('quantedge_lead_mails_failed'),
  )
  expect(
    mailed.value('quantedge_http_request_duration_seconds_count', {
      route: '/rest/v1/*',
      status: '201',
    }),
  ).toBe(
    before.value('quantedge_http_request_duration_seconds_count', {
      route: '/rest/v1/*',
      status: '201',
    }) + 1,
  )

  await supabase.mailbox.stop()
  try {
    await sendLead()
    await expect
      .poll(async () => (await scrape(supabase.url)).value('quantedge_lead_outbox_retrying'))
      .toBe(1)
    const waiting = await scrape(supabase.url)
    expect(waiting.value('quantedge_lead_outbox_pending')).toBe(1)
    expect(waiting.value('quantedge_lead_outbox_oldest_age_seconds')).toBeGreaterThan(0)
    expect(waiting.value('quantedge_lead_mails_sent')).toBe(
      mailed.value('quantedge_lead_mails_sent'),
    )
  } finally {
    await supabase.mailbox.start()
  }
  await supabase.outboxSettled()
  await supabase.db.query(
    'update public.lead_notifications set next_attempt_at = now() where sent_at is null',
  )
  tick()
  await expect
    .poll(async () => (await scrape(supabase.url)).value('quantedge_lead_outbox_pending'))
    .toBe(0)
  const after = await scrape(supabase.url)
  expect(after.value('quantedge_lead_mails_sent')).toBe(
    mailed.value('quantedge_lead_mails_sent') + 1,
  )
  expect(after.value('quantedge_lead_outbox_oldest_age_seconds')).toBe(0)
})
