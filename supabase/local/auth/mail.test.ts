// E-mail limits as GoTrue applies them, with supabase/config.toml's max_frequency (60 s): each kind of
// e-mail is timed on its own, and the server's hourly email_sent budget covers every kind.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {readAuthConfig} from '../config.ts'
import {
  startTestSupabase,
  subjectsTo,
  visitorClient,
  type TestSupabase,
} from '../testing/testSupabase.ts'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase()
})
afterAll(() => supabase.close())

it('runs with the interval of supabase/config.toml', () => {
  expect(readAuthConfig().maxFrequencyMs).toBe(60_000)
})

it('sends the reset mail asked for right after the sign-up mail, then times each kind on its own', async () => {
  const visitor = visitorClient(supabase.url)
  expect(
    (await visitor.auth.signUp({email: 'both@example.com', password: 'secret123'})).error,
  ).toBeNull()
  expect((await visitor.auth.resetPasswordForEmail('both@example.com')).error).toBeNull()
  expect(await subjectsTo(supabase.mailboxUrl, 'both@example.com')).toEqual([
    'Reset your password',
    'Confirm your signup',
  ])

  const resetAgain = await visitor.auth.resetPasswordForEmail('both@example.com')
  expect(resetAgain.error?.status).toBe(429)
  expect(resetAgain.error?.code).toBe('over_email_send_rate_limit')
  expect(resetAgain.error?.message).toMatch(
    /^For security purposes, you can only request this after (59|60) seconds\.$/,
  )
  const signUpAgain = await visitor.auth.signUp({email: 'both@example.com', password: 'secret123'})
  expect(signUpAgain.error?.code).toBe('over_email_send_rate_limit')
  expect(await subjectsTo(supabase.mailboxUrl, 'both@example.com')).toHaveLength(2)
})

it('answers a reset for an unknown address as for a known one, without mail', async () => {
  const visitor = visitorClient(supabase.url)
  for (let n = 0; n < 3; n += 1)
    expect((await visitor.auth.resetPasswordForEmail('nobody@example.com')).error).toBeNull()
  expect(await subjectsTo(supabase.mailboxUrl, 'nobody@example.com')).toEqual([])
})

it('stops every kind of e-mail once the hourly email_sent budget is spent', async () => {
  const budget = await startTestSupabase({auth: {rateLimit: {emailSent: 3}}})
  try {
    const visitor = visitorClient(budget.url)
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      expect((await visitor.auth.signUp({email, password: 'secret123'})).error).toBeNull()
    }
    const fourth = await visitor.auth.signUp({email: 'four@example.com', password: 'secret123'})
    expect(fourth.error?.status).toBe(429)
    expect(fourth.error?.code).toBe('over_email_send_rate_limit')
    expect(fourth.error?.message).toBe('email rate limit exceeded')
    const reset = await visitor.auth.resetPasswordForEmail('one@example.com')
    expect(reset.error?.message).toBe('email rate limit exceeded')
    // The refused sign-up made no account: signing in finds none.
    const signIn = await visitor.auth.signInWithPassword({
      email: 'four@example.com',
      password: 'secret123',
    })
    expect(signIn.error?.code).toBe('invalid_credentials')
  } finally {
    await budget.close()
  }
})
