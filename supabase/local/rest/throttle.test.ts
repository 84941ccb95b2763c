// The migration's flood throttle through the stand-in and the real supabase-js: the stand-in hands
// PostgREST's request.headers with the client's socket address where Supabase's gateway puts it, so a
// flood from one address is refused past the limit (forged forwarding headers or not), while a visitor
// from another address gets in; every acknowledged row is counted back.
import {createClient} from '@supabase/supabase-js'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {fetchFrom} from '../testing/boundFetch.ts'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from '../testing/testSupabase.ts'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase()
})
afterAll(() => supabase.close())

const estimate = (email: string) => ({
  name: 'Asha Rao',
  email,
  phone: '+91 98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: 'Backtest my Bank Nifty straddle rules.',
  terms_accepted: true,
  ownership_confirmed: true,
})

/** A flooder's client from 127.0.0.2 that claims, in every header a proxy might set, to be someone else. */
const forgingClient = (n: number) =>
  createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false},
    global: {
      fetch: fetchFrom('127.0.0.2'),
      headers: {
        'X-Forwarded-For': `10.1.${n >> 8}.${n & 255}`,
        'X-Real-IP': `10.2.0.${n & 255}`,
        'CF-Connecting-IP': `10.3.0.${n & 255}`,
      },
    },
  })

it('refuses a flood of 200 inserts from one address past 10 with 429 PT429, and lets a visitor from another address in', async () => {
  const visitor = visitorClient(supabase.url, '127.0.0.3')
  const [flood, visits] = await Promise.all([
    Promise.all(
      Array.from({length: 200}, (_, n) =>
        forgingClient(n)
          .from('free_estimate_requests')
          .insert(estimate(`flood-${n}@example.com`)),
      ),
    ),
    Promise.all(
      Array.from({length: 3}, (_, n) =>
        visitor.from('free_estimate_requests').insert(estimate(`visitor-${n}@example.com`)),
      ),
    ),
  ])

  const accepted = flood.filter(({error}) => error === null)
  const refused = flood.filter(({error}) => error !== null)
  expect(accepted).toHaveLength(10)
  expect(refused).toHaveLength(190)
  for (const answer of refused) {
    expect(answer.status).toBe(429)
    expect(answer.error).toEqual({
      code: 'PT429',
      message: 'Too many estimate requests',
      details: 'At most 10 an hour from one address and 3 for one e-mail address.',
      hint: expect.stringMatching(/^Try again in \d+ seconds\.$/),
    })
  }
  expect(visits.map(({error, status}) => [error, status])).toEqual([
    [null, 201],
    [null, 201],
    [null, 201],
  ])

  const owner = createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})
  const {data} = await owner.from('free_estimate_requests').select('email')
  const emails = data!.map((row) => row.email)
  expect(emails.filter((email) => email.startsWith('flood-'))).toHaveLength(10)
  expect(emails.filter((email) => email.startsWith('visitor-'))).toHaveLength(3)
})

it('says when to come back in a Retry-After header', async () => {
  const response = await fetchFrom('127.0.0.2')(`${supabase.url}/rest/v1/free_estimate_requests`, {
    method: 'POST',
    headers: {
      'apikey': DEMO_ANON_KEY,
      'Authorization': `Bearer ${DEMO_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(estimate('late@example.com')),
  })
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
})

it('limits one e-mail address to 3 requests whatever address they come from', async () => {
  const answers = []
  for (const address of ['127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9']) {
    answers.push(
      (
        await visitorClient(supabase.url, address)
          .from('free_estimate_requests')
          .insert(estimate('repeat@example.com'))
      ).status,
    )
  }
  expect(answers).toEqual([201, 201, 201, 429])
})
