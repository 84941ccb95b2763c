// Refresh-token rotation through the real supabase-js, as GoTrue has it: a retried refresh whose answer
// was lost gets the active token; a rotated token is still exchanged within refresh_token_reuse_interval;
// reused after it, the whole session's tokens are revoked and the other holder is signed out.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY} from '../keys.ts'
import {
  latestLink,
  startTestSupabase,
  visitorClient,
  type TestSupabase,
} from '../testing/testSupabase.ts'

async function confirmedAccount(supabase: TestSupabase, email: string) {
  await visitorClient(supabase.url).auth.signUp({email, password: 'secret123'})
  await fetch(await latestLink(supabase.mailboxUrl, email), {redirect: 'manual'})
}

async function signedIn(supabase: TestSupabase, email: string) {
  const client = visitorClient(supabase.url)
  const {data, error} = await client.auth.signInWithPassword({email, password: 'secret123'})
  if (error) throw error
  return {client, refreshToken: data.session!.refresh_token}
}

/** A refresh whose answer the client never read: the raw request, as a dropped connection leaves it. */
async function refreshLostAnswer(supabase: TestSupabase, refreshToken: string) {
  const response = await fetch(`${supabase.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {'apikey': DEMO_ANON_KEY, 'Content-Type': 'application/json'},
    body: JSON.stringify({refresh_token: refreshToken}),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as {refresh_token: string}).refresh_token
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('with supabase/config.toml (reuse interval 10 s)', () => {
  let supabase: TestSupabase
  beforeAll(async () => {
    supabase = await startTestSupabase()
    await confirmedAccount(supabase, 'device@example.com')
  })
  afterAll(() => supabase.close())

  it('answers a retried refresh whose answer was lost with the active token, not a new one', async () => {
    const {client, refreshToken: first} = await signedIn(supabase, 'device@example.com')
    const active = await refreshLostAnswer(supabase, first)
    expect(active).not.toBe(first)
    const retried = await client.auth.refreshSession({refresh_token: first})
    expect(retried.error).toBeNull()
    expect(retried.data.session?.refresh_token).toBe(active)
    const again = await client.auth.refreshSession({refresh_token: first})
    expect(again.data.session?.refresh_token).toBe(active)
    expect((await client.auth.getUser()).data.user?.email).toBe('device@example.com')
  })

  it('still exchanges a rotated token within the interval', async () => {
    const {client, refreshToken: first} = await signedIn(supabase, 'device@example.com')
    const second = await refreshLostAnswer(supabase, first)
    await refreshLostAnswer(supabase, second)
    const reused = await client.auth.refreshSession({refresh_token: first})
    expect(reused.error).toBeNull()
    expect(reused.data.session?.refresh_token).toEqual(expect.any(String))
  })
})

describe('with a reuse interval of 1 s and access tokens of 2 s', () => {
  let supabase: TestSupabase
  beforeAll(async () => {
    supabase = await startTestSupabase({
      auth: {refreshTokenReuseIntervalMs: 1000, jwtExpirySeconds: 2},
    })
    await confirmedAccount(supabase, 'stolen@example.com')
  })
  afterAll(() => supabase.close())

  it('revokes the token family when a rotated token comes back after the interval: the other holder is signed out at its next refresh', async () => {
    const {client: owner, refreshToken: stolen} = await signedIn(supabase, 'stolen@example.com')
    const events: string[] = []
    owner.auth.onAuthStateChange((event) => events.push(event))
    expect((await owner.auth.refreshSession()).error).toBeNull()
    expect((await owner.auth.refreshSession()).error).toBeNull()
    const ownersToken = (await owner.auth.getSession()).data.session!.refresh_token

    await pause(1100)
    const thief = visitorClient(supabase.url)
    const reuse = await thief.auth.refreshSession({refresh_token: stolen})
    expect(reuse.error?.status).toBe(400)
    expect(reuse.error?.code).toBe('refresh_token_already_used')
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')

    // GoTrue stamps the family's revocation, so the owner's token is refused once the interval has passed;
    // by then the owner's access token has expired too, and supabase-js refreshes and signs out.
    await pause(1100)
    const next = await owner.auth.refreshSession()
    expect(next.error?.code).toBe('refresh_token_already_used')
    expect((await owner.auth.getSession()).data.session).toBeNull()
    expect(events).toContain('SIGNED_OUT')
    const withOwnersToken = await visitorClient(supabase.url).auth.refreshSession({
      refresh_token: ownersToken,
    })
    expect(withOwnersToken.error?.code).toBe('refresh_token_already_used')
  })

  it('leaves other sessions of the same user signed in', async () => {
    const {client: phone, refreshToken: stolen} = await signedIn(supabase, 'stolen@example.com')
    const {client: laptop} = await signedIn(supabase, 'stolen@example.com')
    await refreshLostAnswer(supabase, stolen)
    expect((await phone.auth.refreshSession()).error).toBeNull()
    expect((await phone.auth.refreshSession()).error).toBeNull()
    await pause(1100)
    expect(
      (await visitorClient(supabase.url).auth.refreshSession({refresh_token: stolen})).error?.code,
    ).toBe('refresh_token_already_used')
    expect((await laptop.auth.refreshSession()).error).toBeNull()
  })
})
