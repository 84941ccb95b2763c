// The flood throttle of the migrations on real Postgres (PGlite), with request.headers and claims set as
// PostgREST sets them: per client address, per e-mail address, refill over time, the service role exempt,
// and the refusal PostgREST turns into HTTP 429.
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database} from '../local/database.ts'
import {aLead, anon, service} from './testRequests.ts'

// One database for the file (opening one is PGlite's start, seconds of a core); each test starts from no leads
// and no buckets, as on a new database.
let db: Database
beforeAll(async () => {
  db = await openDatabase()
})
beforeEach(() =>
  db.exec('truncate public.free_estimate_requests, private.estimate_request_buckets cascade'),
)
afterAll(() => db.close())

/** request.headers as the stand-in's gateway hands them to PostgREST for a client at `address`. */
const fromAddress = (address: string, forwardedFor?: string) => ({
  'cf-connecting-ip': address,
  'x-real-ip': address,
  'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${address}` : address,
})

type Outcome =
  {accepted: true} | {accepted: false; code: string; message: string; detail: string | undefined}

async function send(
  email: string,
  headers: Record<string, string>,
  claims = anon,
): Promise<Outcome> {
  const value = aLead(email)
  try {
    await asRequest(
      db,
      claims,
      (tx) =>
        tx.query(
          `insert into public.free_estimate_requests (${Object.keys(value).join(', ')})
           select ${Object.keys(value).join(', ')} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`,
          [JSON.stringify([value])],
        ),
      {headers, method: 'POST', path: '/free_estimate_requests'},
    )
    return {accepted: true}
  } catch (error) {
    const {code, message, detail} = error as {code: string; message: string; detail?: string}
    return {accepted: false, code, message, detail}
  }
}

const acceptedCount = (outcomes: Outcome[]) => outcomes.filter((outcome) => outcome.accepted).length
const storedCount = async () =>
  Number(
    (
      await asRequest(db, service, (tx) =>
        tx.query<{n: number}>('select count(*)::int as n from public.free_estimate_requests'),
      )
    ).rows[0]!.n,
  )

describe('per client address', () => {
  it('takes 10 requests from one address, refuses the next with PostgREST 429 PT429, and still takes another address', async () => {
    const outcomes: Outcome[] = []
    for (let n = 0; n < 12; n += 1)
      outcomes.push(await send(`lead-${n}@example.com`, fromAddress('203.0.113.7')))
    expect(outcomes.slice(0, 10).every((outcome) => outcome.accepted)).toBe(true)
    const refused = outcomes[10]!
    expect(refused.accepted).toBe(false)
    if (refused.accepted) return
    expect(refused.code).toBe('PGRST')
    const message = JSON.parse(refused.message)
    expect(message).toMatchObject({code: 'PT429', message: 'Too many estimate requests'})
    expect(message.hint).toMatch(/^Try again in \d+ seconds\.$/)
    const detail = JSON.parse(refused.detail!)
    expect(detail.status).toBe(429)
    expect(Number(detail.headers['Retry-After'])).toBeGreaterThan(300)
    expect((await send('other@example.com', fromAddress('198.51.100.9'))).accepted).toBe(true)
    expect(await storedCount()).toBe(11)
  })

  it('is not fooled by a forged x-forwarded-for: the gateway-set address counts', async () => {
    const outcomes: Outcome[] = []
    for (let n = 0; n < 15; n += 1)
      outcomes.push(
        await send(`forged-${n}@example.com`, fromAddress('203.0.113.8', `10.0.0.${n}`)),
      )
    expect(acceptedCount(outcomes)).toBe(10)
  })

  it('falls back to the first x-forwarded-for entry when no gateway address header is there', async () => {
    const outcomes: Outcome[] = []
    for (let n = 0; n < 11; n += 1)
      outcomes.push(await send(`xff-${n}@example.com`, {'x-forwarded-for': '192.0.2.1, 10.0.0.1'}))
    expect(acceptedCount(outcomes)).toBe(10)
    expect(
      (await send('xff-other@example.com', {'x-forwarded-for': '192.0.2.2, 10.0.0.1'})).accepted,
    ).toBe(true)
  })

  it('lets exactly 10 of 20 requests sent at once through', async () => {
    const outcomes = await Promise.all(
      Array.from({length: 20}, (_, n) =>
        send(`burst-${n}@example.com`, fromAddress('203.0.113.9')),
      ),
    )
    expect(acceptedCount(outcomes)).toBe(10)
    expect(await storedCount()).toBe(10)
  })

  it('refills: an address whose bucket was emptied an hour ago sends again', async () => {
    for (let n = 0; n < 10; n += 1)
      await send(`refill-${n}@example.com`, fromAddress('203.0.113.10'))
    expect((await send('refill-late@example.com', fromAddress('203.0.113.10'))).accepted).toBe(
      false,
    )
    await db.query(
      "update private.estimate_request_buckets set refilled_at = refilled_at - interval '6 minutes 1 second'",
    )
    expect((await send('refill-late@example.com', fromAddress('203.0.113.10'))).accepted).toBe(true)
    expect((await send('refill-later@example.com', fromAddress('203.0.113.10'))).accepted).toBe(
      false,
    )
  })
})

describe('per e-mail address', () => {
  it('takes 3 requests for one e-mail address from different addresses, then refuses it (in any case and spacing)', async () => {
    const outcomes: Outcome[] = []
    for (const [n, email] of [
      'same@example.com',
      'Same@Example.com',
      ' same@example.com',
      'SAME@example.com',
    ].entries()) {
      outcomes.push(await send(email, fromAddress(`198.51.100.${n + 20}`)))
    }
    expect(outcomes.map((outcome) => outcome.accepted)).toEqual([true, true, true, false])
  })

  it('takes nothing from the e-mail bucket when the address refuses', async () => {
    for (let n = 0; n < 10; n += 1) await send(`fill-${n}@example.com`, fromAddress('203.0.113.11'))
    for (let n = 0; n < 5; n += 1)
      expect((await send('kept@example.com', fromAddress('203.0.113.11'))).accepted).toBe(false)
    const outcomes: Outcome[] = []
    for (let n = 0; n < 3; n += 1)
      outcomes.push(await send('kept@example.com', fromAddress(`198.51.100.${n + 40}`)))
    expect(acceptedCount(outcomes)).toBe(3)
  })
})

it('leaves the service role unlimited', async () => {
  const outcomes: Outcome[] = []
  for (let n = 0; n < 15; n += 1)
    outcomes.push(await send('owner@example.com', fromAddress('203.0.113.12'), service))
  expect(acceptedCount(outcomes)).toBe(15)
})

it('keeps the buckets out of the API roles’ reach', async () => {
  const read = asRequest(db, anon, (tx) =>
    tx.query('select * from private.estimate_request_buckets'),
  )
  await expect(read).rejects.toMatchObject({code: '42501'})
})
