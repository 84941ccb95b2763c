// Sign-up through the real supabase-js as GoTrue answers it: a taken, confirmed address cannot be told
// from a new one, and a pending account cannot be taken over by signing up again.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {
  latestLink,
  startTestSupabase,
  subjectsTo,
  visitorClient,
  type TestSupabase,
} from '../testing/testSupabase.ts'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase({auth: {maxFrequencyMs: 1000}})
})
afterAll(() => supabase.close())

const confirm = async (email: string) => {
  const answer = await fetch(await latestLink(supabase.mailboxUrl, email), {redirect: 'manual'})
  expect(answer.headers.get('location')).toMatch(/#access_token=/)
}

it('answers a taken, confirmed address with the keys, nulls and fresh timestamps of a new address', async () => {
  const owner = visitorClient(supabase.url)
  expect(
    (
      await owner.auth.signUp({
        email: 'taken@example.com',
        password: 'owner-pass',
        options: {data: {plan: 'pro'}},
      })
    ).error,
  ).toBeNull()
  await confirm('taken@example.com')
  const signedIn = await owner.auth.signInWithPassword({
    email: 'taken@example.com',
    password: 'owner-pass',
  })
  expect(signedIn.data.user?.last_sign_in_at).toEqual(expect.any(String))
  const mailsBefore = await subjectsTo(supabase.mailboxUrl, 'taken@example.com')
  await new Promise((resolve) => setTimeout(resolve, 20))

  const before = Date.now()
  const taken = await visitorClient(supabase.url).auth.signUp({
    email: 'taken@example.com',
    password: 'prober-pass',
    options: {data: {plan: 'probe'}},
  })
  const fresh = await visitorClient(supabase.url).auth.signUp({
    email: 'fresh@example.com',
    password: 'fresh-pass',
    options: {data: {plan: 'probe'}},
  })
  expect(taken.error).toBeNull()
  expect(fresh.error).toBeNull()
  const lookAlike = taken.data.user as unknown as Record<string, unknown>
  const newUser = fresh.data.user as unknown as Record<string, unknown>

  expect(Object.keys(lookAlike).sort()).toEqual(Object.keys(newUser).sort())
  for (const field of [
    'email_confirmed_at',
    'confirmed_at',
    'last_sign_in_at',
    'recovery_sent_at',
  ]) {
    expect(lookAlike[field], field).toBeUndefined()
    expect(newUser[field], field).toBeUndefined()
  }
  expect(lookAlike.id).not.toBe(signedIn.data.user?.id)
  expect(lookAlike.created_at).toBe(lookAlike.updated_at)
  expect(lookAlike.confirmation_sent_at).toBe(lookAlike.created_at)
  expect(new Date(lookAlike.created_at as string).getTime()).toBeGreaterThanOrEqual(before)
  expect(lookAlike.user_metadata).toEqual({plan: 'probe'})
  expect(lookAlike.identities).toEqual([])
  expect(lookAlike.app_metadata).toEqual(newUser.app_metadata)
  // GoTrue's look-alike (signup.go, sanitizeUser) clears the role; a new user has the default group's.
  expect([lookAlike.role, newUser.role]).toEqual(['', 'authenticated'])
  expect(await subjectsTo(supabase.mailboxUrl, 'taken@example.com')).toEqual(mailsBefore)
  const stillOwner = await visitorClient(supabase.url).auth.signInWithPassword({
    email: 'taken@example.com',
    password: 'owner-pass',
  })
  expect(stillOwner.data.user?.user_metadata).toEqual({plan: 'pro'})
})

it('keeps a pending account as its owner made it: a second sign-up only sends the confirmation again', async () => {
  const owner = await visitorClient(supabase.url).auth.signUp({
    email: 'pending@example.com',
    password: 'owner-pass',
    options: {data: {name: 'Owner'}},
  })
  expect(owner.error).toBeNull()

  const tooSoon = await visitorClient(supabase.url).auth.signUp({
    email: 'pending@example.com',
    password: 'taker-pass',
  })
  expect(tooSoon.error?.status).toBe(429)
  expect(tooSoon.error?.code).toBe('over_email_send_rate_limit')
  expect(tooSoon.error?.message).toMatch(
    /^For security purposes, you can only request this after \d seconds\.$/,
  )

  await new Promise((resolve) => setTimeout(resolve, 1100))
  const again = await visitorClient(supabase.url).auth.signUp({
    email: 'pending@example.com',
    password: 'taker-pass',
    options: {data: {name: 'Taker'}},
  })
  expect(again.error).toBeNull()
  expect(again.data.user?.id).toBe(owner.data.user?.id)
  expect(again.data.user?.user_metadata).toEqual({name: 'Owner'})
  expect(await subjectsTo(supabase.mailboxUrl, 'pending@example.com')).toEqual([
    'Confirm your signup',
    'Confirm your signup',
  ])

  await confirm('pending@example.com')
  const taker = await visitorClient(supabase.url).auth.signInWithPassword({
    email: 'pending@example.com',
    password: 'taker-pass',
  })
  expect(taker.error?.code).toBe('invalid_credentials')
  const ownerIn = await visitorClient(supabase.url).auth.signInWithPassword({
    email: 'pending@example.com',
    password: 'owner-pass',
  })
  expect(ownerIn.error).toBeNull()
  expect(ownerIn.data.user?.user_metadata).toEqual({name: 'Owner'})
})

it('signs a new user in at once when confirmations are off, and refuses a taken address then', async () => {
  const autoconfirm = await startTestSupabase({auth: {enableConfirmations: false}})
  try {
    const first = await visitorClient(autoconfirm.url).auth.signUp({
      email: 'instant@example.com',
      password: 'secret123',
    })
    expect(first.error).toBeNull()
    expect(first.data.session?.access_token).toEqual(expect.any(String))
    expect(first.data.user?.email_confirmed_at).toEqual(expect.any(String))
    expect(await subjectsTo(autoconfirm.mailboxUrl, 'instant@example.com')).toEqual([])
    const second = await visitorClient(autoconfirm.url).auth.signUp({
      email: 'instant@example.com',
      password: 'secret456',
    })
    expect(second.error?.status).toBe(422)
    expect(second.error?.code).toBe('user_already_exists')
  } finally {
    await autoconfirm.close()
  }
})
