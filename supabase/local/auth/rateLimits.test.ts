// GoTrue's request limits per client address, with supabase/config.toml's [auth.rate_limit]: clients on
// other loopback addresses (127.0.0.2, 127.0.0.3, …) are other addresses to the stand-in.
import {spawn} from 'node:child_process'
import {availableParallelism} from 'node:os'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {readAuthConfig} from '../config.ts'
import {DEMO_ANON_KEY} from '../keys.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from '../testing/testSupabase.ts'
import {AddressBuckets, IntervalLimit} from './rateLimits.ts'

/** One process spinning on each core for at most a minute (they are killed when the test ends). */
const keepCoresBusy = () =>
  Array.from({length: availableParallelism()}, () =>
    spawn(process.execPath, ['-e', 'const end = Date.now() + 60_000; while (Date.now() < end);'], {
      stdio: 'ignore',
    }),
  )

describe('the buckets', () => {
  it('hold 30 requests per address and refill at the configured number per 5 minutes', () => {
    const buckets = new AddressBuckets(30)
    const start = 1_000_000
    for (let n = 0; n < 30; n += 1) expect(buckets.allow('198.51.100.1', start)).toBe(true)
    expect(buckets.allow('198.51.100.1', start)).toBe(false)
    expect(buckets.allow('198.51.100.2', start)).toBe(true)
    expect(buckets.allow('198.51.100.1', start + 9_000)).toBe(false)
    expect(buckets.allow('198.51.100.1', start + 10_000)).toBe(true)
    expect(buckets.allow('198.51.100.1', start + 10_000)).toBe(false)
  })

  it('count e-mails per hour for the whole server, from the start of each hour', () => {
    const limit = new IntervalLimit(2, 3_600_000)
    const start = Date.now()
    expect([limit.allow(start), limit.allow(start + 1), limit.allow(start + 2)]).toEqual([
      true,
      true,
      false,
    ])
    expect(limit.allow(start + 3_600_000)).toBe(true)
  })
})

describe('through supabase-js from several addresses', () => {
  let supabase: TestSupabase
  /**
   * The limits' time, held still while a burst is sent: on a slow or busy machine a burst "at once" still
   * reaches the server over seconds, and a real clock would refill a bucket meanwhile (token_refresh 150: one
   * every 2 s), as GoTrue's would for requests that far apart. Moved on by hand where a test wants a refill.
   */
  let now = Date.now()
  beforeAll(async () => {
    supabase = await startTestSupabase({limitsClock: () => now})
  })
  afterAll(() => supabase.close())

  it('runs with the limits of supabase/config.toml', () => {
    expect(readAuthConfig().rateLimit).toEqual({
      emailSent: 30,
      signInSignUps: 30,
      tokenRefresh: 150,
      tokenVerifications: 30,
    })
  })

  it('meets 35 sign-ups sent at once from one address with 30 taken and 5 refused with 429 over_request_rate_limit; the spent e-mail budget stops the rest', async () => {
    const flooder = visitorClient(supabase.url, '127.0.0.2')
    // Counted as they arrive (a bucket refills one every 10 s), however long each sign-up's hashing takes.
    const answers = await Promise.all(
      Array.from({length: 35}, (_, n) =>
        flooder.auth.signUp({email: `flood-${n}@example.com`, password: 'secret123'}),
      ),
    )
    const refused = answers.filter(({error}) => error)
    expect(answers.filter(({error}) => !error)).toHaveLength(30)
    expect(refused).toHaveLength(5)
    for (const {error} of refused) {
      expect(error?.status).toBe(429)
      expect(error?.code).toBe('over_request_rate_limit')
      expect(error?.message).toBe('Request rate limit reached')
    }
    // Another address is not over its request limit, but the 30 mails were the hour's email_sent.
    const visitor = await visitorClient(supabase.url, '127.0.0.3').auth.signUp({
      email: 'visitor@example.com',
      password: 'secret123',
    })
    expect(visitor.error?.code).toBe('over_email_send_rate_limit')
    expect(visitor.error?.message).toBe('email rate limit exceeded')
  })

  /** 31 password sign-ins sent at once from one address, and what each was answered. */
  const guessAtOnce = async (address: string) => {
    const guesser = visitorClient(supabase.url, address)
    const answers = await Promise.all(
      Array.from({length: 31}, () =>
        guesser.auth.signInWithPassword({email: 'flood-0@example.com', password: 'guess'}),
      ),
    )
    return answers.map(({error}) => error?.code)
  }

  it('meets 31 password guesses sent at once from one address with exactly one 429, while another address signs in', async () => {
    const codes = await guessAtOnce('127.0.0.4')
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(30)
    expect(codes.filter((code) => code === 'over_request_rate_limit')).toHaveLength(1)
    const other = await visitorClient(supabase.url, '127.0.0.5').auth.signInWithPassword({
      email: 'flood-0@example.com',
      password: 'guess',
    })
    expect(other.error?.code).toBe('invalid_credentials')
  })

  it('lets one more guess through once the bucket has refilled one token (2 s at token_refresh 150)', async () => {
    const guesser = visitorClient(supabase.url, '127.0.0.7')
    const guess = async () =>
      (await guesser.auth.signInWithPassword({email: 'flood-0@example.com', password: 'guess'}))
        .error?.code
    for (let n = 0; n < 30; n += 1) expect(await guess()).toBe('invalid_credentials')
    expect(await guess()).toBe('over_request_rate_limit')
    now += 1_999
    expect(await guess()).toBe('over_request_rate_limit')
    now += 1
    expect(await guess()).toBe('invalid_credentials')
    expect(await guess()).toBe('over_request_rate_limit')
  })

  it('refuses exactly one of 31 guesses at once while other processes keep every core busy', async () => {
    const burners = keepCoresBusy()
    try {
      const codes = await guessAtOnce('127.0.0.6')
      expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(30)
      expect(codes.filter((code) => code === 'over_request_rate_limit')).toHaveLength(1)
    } finally {
      for (const burner of burners) burner.kill()
    }
  })

  it('does not count a forged X-Forwarded-For as another address', async () => {
    const answers = []
    for (let n = 0; n < 31; n += 1) {
      const response = await fetch(`${supabase.url}/auth/v1/recover`, {
        method: 'POST',
        headers: {
          'apikey': DEMO_ANON_KEY,
          'Content-Type': 'application/json',
          'X-Forwarded-For': `10.0.0.${n}`,
        },
        body: JSON.stringify({email: 'nobody@example.com'}),
      })
      answers.push(response.status)
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(30)
    expect(answers.at(-1)).toBe(429)
  })
})
