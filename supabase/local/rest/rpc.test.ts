// PostgREST's rpc through the stand-in and the real supabase-js, on the outbox's functions (which only the
// service role may execute) and the staff check (which signed-in users may): results as PostgREST gives them,
// the refusals Postgres makes for a role without EXECUTE, a forged token, and PGRST202 for what no function takes.
import {createClient} from '@supabase/supabase-js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from '../testing/testSupabase.ts'
import {signAccessToken} from '../tokens.ts'
import {aLead} from '../../migrations/testRequests.ts'

let supabase: TestSupabase
beforeAll(async () => {
  // No clock drains the outbox: these tests claim it themselves.
  supabase = await startTestSupabase({outboxSchedule: 'off'})
})
afterAll(() => supabase.close())

const clientWithToken = (token: string) =>
  createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false, autoRefreshToken: false},
    global: {headers: {Authorization: `Bearer ${token}`}},
  })
const service = () =>
  createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {
    auth: {persistSession: false, autoRefreshToken: false},
  })
const signedInUser = async () =>
  clientWithToken(
    (
      await signAccessToken(
        DEMO_JWT_SECRET,
        `${supabase.url}/auth/v1`,
        {role: 'authenticated', sub: '00000000-0000-4000-8000-00000000c0de', aud: 'authenticated'},
        3600,
      )
    ).token,
  )
const forged = async () =>
  clientWithToken(
    (await signAccessToken('x'.repeat(40), 'forger', {role: 'service_role'}, 3600)).token,
  )

let leadNumber = 0
/** A lead sent as the form sends it (from its own address, past the throttle); answers its e-mail. */
async function sendLead() {
  leadNumber += 1
  const email = `rpc-${leadNumber}@example.com`
  const {error} = await visitorClient(supabase.url, `127.0.9.${leadNumber}`)
    .from('free_estimate_requests')
    .insert(aLead(email))
  expect(error).toBeNull()
  return email
}

const outboxRow = async (email: string) =>
  (
    await supabase.db.query<{attempts: number; sent_at: Date | null}>(
      `select n.attempts, n.sent_at from public.lead_notifications n
       join public.free_estimate_requests r on r.id = n.lead_id where r.email = $1`,
      [email],
    )
  ).rows[0]

describe('the service role', () => {
  it('claims due notifications as a table (an array of rows) and records one sent (a scalar)', async () => {
    const email = await sendLead()
    const {data, error, status} = await service().rpc('claim_lead_notifications', {batch: 100})
    expect(error).toBeNull()
    expect(status).toBe(200)
    const claimed = (data as {lead_id: string; email: string; platforms: string[]}[]).find(
      (row) => row.email === email,
    )
    expect(claimed).toMatchObject({email, platforms: ['Python'], attempt: 1})

    const sent = await service().rpc('record_lead_notification_sent', {
      lead_id: claimed!.lead_id,
      provider_message_id: 'message-1',
    })
    expect(sent).toMatchObject({data: true, error: null, status: 200})
    const again = await service().rpc('record_lead_notification_sent', {
      lead_id: claimed!.lead_id,
      provider_message_id: 'message-2',
    })
    expect(again.data).toBe(false)
  })

  it('gets Postgres’ own refusal of a bad argument', async () => {
    const {error, status} = await service().rpc('claim_lead_notifications', {batch: 0})
    expect(status).toBe(400)
    expect(error).toMatchObject({code: '22023', message: 'batch must be between 1 and 100, not 0'})
  })
})

describe.each([
  ['a visitor (anon key)', () => Promise.resolve(visitorClient(supabase.url)), 401, '42501'],
  ['a signed-in user', signedInUser, 403, '42501'],
  ['a token forged as service_role', forged, 401, 'PGRST301'],
])('%s', (_, client, status, code) => {
  it.each([
    ['claim_lead_notifications', () => ({batch: 10})],
    [
      'record_lead_notification_sent',
      () => ({lead_id: crypto.randomUUID(), provider_message_id: 'x'}),
    ],
    [
      'record_lead_notification_failed',
      () => ({lead_id: crypto.randomUUID(), claim_id: crypto.randomUUID(), error: 'x'}),
    ],
  ])('is refused %s, and the outbox is untouched', async (fn, args) => {
    const email = await sendLead()
    const answer = await (await client()).rpc(fn, args())
    expect({status: answer.status, code: answer.error?.code}).toEqual({status, code})
    if (code === '42501') expect(answer.error?.message).toBe(`permission denied for function ${fn}`)
    expect(answer.data).toBeNull()
    expect(await outboxRow(email)).toEqual({attempts: 0, sent_at: null})
  })
})

it('lets a signed-in user call a function granted to them (is_staff: false for a non-staff user)', async () => {
  const {data, error} = await (await signedInUser()).rpc('is_staff')
  expect(error).toBeNull()
  expect(data).toBe(false)
})

describe('PGRST202 when no function takes the call', () => {
  it('for an unknown function', async () => {
    const {error, status} = await service().rpc('no_such_function', {a: 1, b: 2})
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(a, b) in the schema cache',
      details:
        'Searched for the function public.no_such_function with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    })
  })

  it('for an argument the function does not have, naming the one it does take', async () => {
    const {error, status} = await service().rpc('claim_lead_notifications', {size: 5})
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.claim_lead_notifications(size) in the schema cache',
      hint: 'Perhaps you meant to call the function public.claim_lead_notifications(as_of, batch, lease_seconds)',
    })
  })

  it('for a required argument left out', async () => {
    const {error} = await service().rpc('record_lead_notification_sent', {
      lead_id: crypto.randomUUID(),
    })
    expect(error).toMatchObject({
      code: 'PGRST202',
      details: expect.stringContaining('with parameter lead_id or'),
    })
  })

  it('for a function in another schema', async () => {
    const {error} = await service().rpc('wake_notify_staff', {})
    expect(error).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.wake_notify_staff without parameters in the schema cache',
    })
  })
})

it('refuses what it does not read: a GET call', async () => {
  const {error, status} = await service().rpc('is_staff', undefined, {get: true})
  expect(status).toBe(405)
  expect(error?.code).toBe('PGRST117')
})
