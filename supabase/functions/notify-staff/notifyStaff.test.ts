// The whole mail path through the real supabase-js, supabase/local and its dev mailbox: a visitor's insert (the
// anon key, as the estimate form sends it) reaches the sales address with every field of the lead; with the
// mail endpoint down the lead waits in the outbox and arrives once when it is back; a failed send is retried;
// a send whose result was never recorded is retried under the same Idempotency-Key and delivered once, also when
// the stand-in restarts meanwhile (its leases are seconds long); a sender stops using a claim whose lease ended;
// a mail refused for good ends as failed; an address no mail API takes as Reply-To is refused at insert; a sent
// lead is not mailed again after a restart. The clock is ticked by hand and the backoff (or a lease) is passed by
// moving the row's time, so nothing waits on the machine but the restart, which waits out a real lease.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '../../local/keys.ts'
import type {Schedule} from '../../local/outboxClock.ts'
import {
  startTestSupabase,
  visitorClient,
  type TestSupabase,
} from '../../local/testing/testSupabase.ts'
import {drainOutbox, LEASE_SECONDS} from './drain.ts'
import {outbox} from './outbox.ts'
import {readSettings} from './settings.ts'

const SALES = 'sales@example.com'
let supabase: TestSupabase
let tick: () => void = () => {}
const byHand: Schedule = (onTick) => {
  tick = onTick
  return () => {}
}
/** The mail API the function is given, per call: a test may break it and mend it. */
let mailApiPath = '/api/v1/send'
const settings = ({url, mailboxUrl}: {url: string; mailboxUrl: string}) => ({
  SUPABASE_URL: url,
  LEADS_NOTIFY_TO: SALES,
  LEADS_NOTIFY_FROM: 'QuantEdge leads <leads@example.com>',
  LEADS_MAIL_API: 'mailpit',
  LEADS_MAIL_API_URL: `${mailboxUrl}${mailApiPath}`,
})

beforeAll(async () => {
  supabase = await startTestSupabase({outboxSchedule: byHand, functionEnv: settings})
})
afterAll(() => supabase.close())

let leadNumber = 0
/** A lead sent as the estimate form sends it, each from its own address and e-mail (past the throttle). */
async function sendLead(
  description = 'A backtest of my Bank Nifty straddle rules.',
  origin: Record<string, string> = {},
) {
  leadNumber += 1
  const lead = {
    name: `Asha Rao ${leadNumber}`,
    email: `asha-${leadNumber}@example.com`,
    phone: '+91 98765 43210',
    platforms: ['TradingView', 'Python'],
    requirements: ['Backtesting', 'Automation'],
    description,
    terms_accepted: true,
    ownership_confirmed: true,
    ...origin,
  }
  const {error} = await visitorClient(supabase.url, `127.0.8.${leadNumber}`)
    .from('free_estimate_requests')
    .insert(lead)
  expect(error).toBeNull()
  const {rows} = await supabase.db.query<{id: string}>(
    'select id from public.free_estimate_requests where email = $1',
    [lead.email],
  )
  return {...lead, id: rows[0]!.id}
}

type Message = {ID: string; Subject: string; To: {Address: string}[]}
const messagesAbout = async (name: string, subject = `New estimate request: ${name}`) =>
  (
    (await (await fetch(`${supabase.mailboxUrl}/api/v1/messages`)).json()) as {
      messages: Message[]
    }
  ).messages.filter(({Subject}) => Subject === subject)

type MessageBody = {
  From: {Address: string; Name: string}
  To: {Address: string}[]
  ReplyTo: {Address: string}[]
  Text: string
  HTML: string
}
const messageBody = async (id: string) =>
  (await (await fetch(`${supabase.mailboxUrl}/api/v1/message/${id}`)).json()) as MessageBody

const notification = async (leadId: string) =>
  (
    await supabase.db.query<{
      attempts: number
      sent_at: Date | null
      provider_message_id: string | null
      last_error: string | null
      failed_at: Date | null
      next_attempt_at: Date
      now: Date
    }>('select n.*, now() as now from public.lead_notifications n where lead_id = $1', [leadId])
  ).rows[0]!

/** The backoff has passed: the row comes due now, as it would once its next_attempt_at is reached. */
const backoffPassed = (leadId: string) =>
  supabase.db.query(
    'update public.lead_notifications set next_attempt_at = now() where lead_id = $1',
    [leadId],
  )

it('mails the sales address each field of a visitor’s lead, kicked by the insert (no tick of the clock)', async () => {
  const lead = await sendLead('Line one <b>bold?</b>\nLine "two" & more')
  await expect.poll(() => messagesAbout(lead.name)).toHaveLength(1)
  const {ID} = (await messagesAbout(lead.name))[0]!
  const message = await messageBody(ID)
  expect(message.From).toEqual({Address: 'leads@example.com', Name: 'QuantEdge leads'})
  expect(message.To.map(({Address}) => Address)).toEqual([SALES])
  expect(message.ReplyTo.map(({Address}) => Address)).toEqual([lead.email])
  for (const line of [
    `Name: ${lead.name}`,
    `E-mail: ${lead.email}`,
    'Phone: +91 98765 43210',
    'Platforms: TradingView, Python',
    'Requirements: Backtesting, Automation',
    'Line one <b>bold?</b>\nLine "two" & more',
  ])
    expect(message.Text).toContain(line)
  expect(message.HTML).toContain(
    'Line one &lt;b&gt;bold?&lt;/b&gt;\nLine &quot;two&quot; &amp; more',
  )
  expect(message.HTML).not.toContain('<b>bold')
  await expect.poll(async () => (await notification(lead.id)).provider_message_id).toBe(ID)
  expect(await notification(lead.id)).toMatchObject({attempts: 1, last_error: null})
})

it('names where the lead came from, as the site recorded its visit, in the subject and the body', async () => {
  const lead = await sendLead('From the Diwali reel.', {
    first_source: 'instagram',
    first_medium: 'social',
    first_campaign: 'diwali',
    first_landing_page: '/tradingview',
    last_source: 'instagram',
    last_medium: 'social',
    last_campaign: 'diwali',
    form_page: '/contactus',
  })
  const subject = `New estimate request: ${lead.name} (via instagram)`
  await expect.poll(() => messagesAbout(lead.name, subject)).toHaveLength(1)
  const message = await messageBody((await messagesAbout(lead.name, subject))[0]!.ID)
  expect(message.Text).toContain(
    'Source: instagram / social, campaign diwali (landed on /tradingview)\nForm sent from: /contactus',
  )
  expect(message.HTML).toContain('<th align="left">Form sent from</th><td>/contactus</td>')
})

it('keeps a lead while the mail endpoint is down and mails it once when it is back', async () => {
  await supabase.mailbox.stop()
  const lead = await sendLead()
  await expect.poll(async () => (await notification(lead.id)).last_error).toMatch(/did not answer/)
  await supabase.outboxSettled()
  const failed = await notification(lead.id)
  expect(failed).toMatchObject({attempts: 1, sent_at: null})
  // Backing off: the next attempt is 30 seconds after the failure, so a tick now sends nothing.
  expect(failed.next_attempt_at.getTime()).toBeGreaterThan(failed.now.getTime())

  await supabase.mailbox.start()
  tick()
  await backoffPassed(lead.id)
  tick()
  await expect.poll(() => messagesAbout(lead.name)).toHaveLength(1)
  await expect.poll(async () => (await notification(lead.id)).sent_at).not.toBeNull()
  tick()
  await sendLead() // a later lead's kick runs the function again
  await supabase.outboxSettled()
  expect(await messagesAbout(lead.name)).toHaveLength(1)
  expect(await notification(lead.id)).toMatchObject({attempts: 2, last_error: null})
})

it('retries a send the mail API refused, with backoff, until it goes', async () => {
  await supabase.outboxSettled() // a run under way would send with the settings it began with
  mailApiPath = '/api/v1/no-such-endpoint'
  const lead = await sendLead()
  await expect.poll(async () => (await notification(lead.id)).last_error).toMatch(/answered 404/)
  await supabase.outboxSettled()
  mailApiPath = '/api/v1/send'
  await backoffPassed(lead.id)
  tick()
  await expect.poll(() => messagesAbout(lead.name)).toHaveLength(1)
  await expect.poll(async () => (await notification(lead.id)).attempts).toBe(2)
})

/** Leads due and not yet mailed: sent while the mail endpoint was wrong, and their backoff passed. */
async function dueUnmailedLeads(count: number) {
  await supabase.outboxSettled() // a run under way would send with the settings it began with
  mailApiPath = '/api/v1/no-such-endpoint'
  const leads = []
  for (let n = 0; n < count; n += 1) leads.push(await sendLead())
  for (const lead of leads)
    await expect.poll(async () => (await notification(lead.id)).attempts).toBe(1)
  await supabase.outboxSettled()
  mailApiPath = '/api/v1/send'
  for (const lead of leads) await backoffPassed(lead.id)
  return leads
}

/** notify-staff's settings and outbox as the function has them, to drive a sender by hand. */
function functionSender() {
  const env: Record<string, string> = {
    ...settings({url: supabase.url, mailboxUrl: supabase.mailboxUrl}),
    SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
  }
  const functionSettings = readSettings((name) => env[name])
  return {
    functionSettings,
    leads: outbox(functionSettings.supabaseUrl, functionSettings.serviceRoleKey),
  }
}

/** A sender that dies after its first mail went and before recording it: what it claimed stays leased. */
async function senderDiesAfterFirstMail() {
  const {functionSettings, leads} = functionSender()
  const dying = {...leads, recordSent: () => Promise.reject(new Error('the sender died'))}
  await expect(drainOutbox(functionSettings, dying)).rejects.toThrow('the sender died')
}

it('sends a lead whose result was never recorded again under the same key, so it arrives once', async () => {
  const [lead] = await dueUnmailedLeads(1)
  await senderDiesAfterFirstMail()
  expect(await messagesAbout(lead!.name)).toHaveLength(1)
  expect(await notification(lead!.id)).toMatchObject({attempts: 2, sent_at: null})

  await supabase.db.query(
    'update public.lead_notifications set claimed_until = now() where lead_id = $1',
    [lead!.id],
  )
  tick()
  await expect.poll(async () => (await notification(lead!.id)).sent_at).not.toBeNull()
  const messages = await messagesAbout(lead!.name)
  expect(messages).toHaveLength(1)
  expect(await notification(lead!.id)).toMatchObject({
    attempts: 3,
    provider_message_id: messages[0]!.ID,
  })
})

// pg_cron goes on ticking while a sender is dead, so on hosted Supabase its leads go once their lease ends; the
// stand-in started again does the same on its own, with no tick of its clock. Resend's Idempotency-Key rules,
// which the dev mailbox keeps, make the mail that went before the crash arrive once.
it('mails what a dead sender had leased as soon as the lease ends after a restart, each lead once', async () => {
  const leads = await dueUnmailedLeads(2)
  await senderDiesAfterFirstMail()
  const {rows} = await supabase.db.query<{short: boolean}>(
    `select claimed_until <= now() + interval '10 seconds' as short from public.lead_notifications
     where lead_id = any ($1::uuid[])`,
    [leads.map(({id}) => id)],
  )
  expect(rows).toEqual([{short: true}, {short: true}])
  supabase = await supabase.restart()
  for (const lead of leads) {
    await expect.poll(async () => (await notification(lead.id)).sent_at).not.toBeNull()
    const messages = await messagesAbout(lead.name)
    expect(messages).toHaveLength(1)
    expect((await notification(lead.id)).provider_message_id).toBe(messages[0]!.ID)
  }
})

it('sends nothing more from a claim whose lease has ended: another sender may hold those leads now', async () => {
  const [first, second] = await dueUnmailedLeads(2)
  const {functionSettings, leads} = functionSender()
  let now = 0
  const clock = {now: () => now, sleep: async () => {}}
  let claims = 0
  const slowSender = {
    ...leads,
    // Only the first claim is watched: what a later one takes back is not this test's business.
    claim: (batch: number, leaseSeconds: number) =>
      claims++ === 0 ? leads.claim(batch, leaseSeconds) : Promise.resolve([]),
    // The first mail takes the whole lease.
    recordSent: async (leadId: string, providerMessageId: string) => {
      await leads.recordSent(leadId, providerMessageId)
      now += LEASE_SECONDS * 1000
    },
  }
  expect(await drainOutbox(functionSettings, slowSender, clock)).toEqual({
    sent: 1,
    failed: 0,
    refused: 0,
  })
  expect(await messagesAbout(first!.name)).toHaveLength(1)
  expect(await messagesAbout(second!.name)).toEqual([])
  expect(await notification(second!.id)).toMatchObject({attempts: 2, sent_at: null})
})

// Mailpit's send API refuses a Reply-To Go's net/mail cannot parse with 400 "invalid Reply-To address"
// (server/apiv1/send.go), as Resend refuses it with a validation_error: the same mail would be refused forever.
it('ends the retries of a stored lead whose Reply-To the mail API refuses: failed, with the reason, never mailed', async () => {
  await supabase.outboxSettled()
  // Stored before the table refused such addresses (20261211000000_reply_to_email.sql), and stuck since.
  const {rows} = await supabase.db.query<{id: string}>(
    `insert into public.free_estimate_requests
       (name, email, phone, platforms, requirements, description, terms_accepted, ownership_confirmed, created_at)
     values ('Mallory', 'a@example.com>,<evil', '+1 555 0100', '{Python}', '{Backtesting}', 'x', true, true,
       '2026-01-05T09:00:00Z')
     returning id`,
  )
  const id = rows[0]!.id
  await supabase.db.query(
    `update public.lead_notifications
     set attempts = 40, last_error = 'The mail API answered 400: earlier', next_attempt_at = now()
     where lead_id = $1`,
    [id],
  )
  tick()
  await expect.poll(async () => (await notification(id)).failed_at).toBeInstanceOf(Date)
  expect(await notification(id)).toMatchObject({
    attempts: 41,
    sent_at: null,
    last_error:
      'The mail API answered 400: {"Error":"invalid Reply-To address: a@example.com>,<evil"}',
  })
  const {rows: never} = await supabase.db.query<{never: boolean}>(
    `select next_attempt_at = 'infinity' as never from public.lead_notifications where lead_id = $1`,
    [id],
  )
  expect(never).toEqual([{never: true}])
  tick()
  await sendLead() // a later lead's kick runs the function again
  await supabase.outboxSettled()
  expect(await notification(id)).toMatchObject({attempts: 41, sent_at: null})
  expect(await messagesAbout('Mallory')).toEqual([])
})

// PostgREST answers a check violation (23514) with 400 and {code, details, hint, message}; the site reads the
// check's name and asks the visitor to check their address (web/app/estimate/refusal.ts).
it('refuses at insert a visitor’s address no mail API takes as Reply-To, and queues nothing', async () => {
  const email = 'asha@example.com>,<evil'
  const {error, status} = await visitorClient(supabase.url, '127.0.8.250')
    .from('free_estimate_requests')
    .insert({
      name: 'Asha Rao',
      email,
      phone: '+91 98765 43210',
      platforms: ['Python'],
      requirements: ['Backtesting'],
      description: 'A backtest of my rules.',
      terms_accepted: true,
      ownership_confirmed: true,
    })
  expect(status).toBe(400)
  expect(error).toMatchObject({code: '23514', message: expect.stringContaining('"email_present"')})
  const {rows} = await supabase.db.query(
    'select 1 from public.free_estimate_requests where email = $1',
    [email],
  )
  expect(rows).toEqual([])
})

it('does not mail a sent lead again after a restart', async () => {
  const lead = await sendLead()
  await expect.poll(async () => (await notification(lead.id)).sent_at).not.toBeNull()
  await supabase.outboxSettled()
  supabase = await supabase.restart()
  tick()
  await backoffPassed(lead.id) // due or not, a sent lead is never claimed again
  tick()
  await sendLead()
  await supabase.outboxSettled()
  expect(await messagesAbout(lead.name)).toHaveLength(1)
  expect(await notification(lead.id)).toMatchObject({attempts: 1})
})

describe('/functions/v1/notify-staff', () => {
  it('runs for a POST with the publishable key, which grants nothing', async () => {
    const response = await fetch(`${supabase.url}/functions/v1/notify-staff`, {
      method: 'POST',
      headers: {'Authorization': `Bearer ${DEMO_ANON_KEY}`, 'Content-Type': 'application/json'},
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      sent: expect.any(Number),
      failed: expect.any(Number),
      refused: expect.any(Number),
    })
  })
})
