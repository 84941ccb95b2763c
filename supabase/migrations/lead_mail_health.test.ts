// lead_mail_health() on real Postgres (PGlite) with the production migrations: how the lead mails stand (waiting,
// refused for now with the mail API's answer, refused for good in the last week, with the leads), for staff and the
// service role only.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from '../local/database.ts'
import type {LeadMailHealth} from './leadMailHealth.ts'
import {aLead, anon, service, staff, STAFF_ID, user, USER_ID} from './testRequests.ts'

let db: Database
const AS_OF = '2026-12-20T12:00:00Z'

const healthAs = async (claims: RequestClaims) =>
  (
    await asRequest(db, claims, (tx) =>
      tx.query<{health: LeadMailHealth}>('select public.lead_mail_health($1) as health', [AS_OF]),
    )
  ).rows[0]!.health

/** A lead stored at `at` (its outbox row queued then), as the service role stores one; answers its id. */
async function leadAt(name: string, at: string) {
  const lead = {...aLead(`${name.toLowerCase()}@example.com`), name}
  const {rows} = await db.query<{id: string}>(
    `insert into public.free_estimate_requests (name, email, phone, platforms, requirements, description,
       terms_accepted, ownership_confirmed, created_at)
     values ($1, $2, $3, $4, $5, $6, true, true, $7) returning id`,
    [lead.name, lead.email, lead.phone, lead.platforms, lead.requirements, lead.description, at],
  )
  const id = rows[0]!.id
  await db.query('update public.lead_notifications set created_at = $2 where lead_id = $1', [
    id,
    at,
  ])
  return id
}

const mark = (id: string, set: string, params: unknown[] = []) =>
  db.query(`update public.lead_notifications set ${set} where lead_id = $1`, [id, ...params])

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller@example.com', 'x'), ($2, 'buyer@example.com', 'x')`,
    [STAFF_ID, USER_ID],
  )
  await db.query('insert into public.staff (user_id) values ($1)', [STAFF_ID])
})
afterAll(() => db.close())

it('says all is well when every mail went', async () => {
  const sent = await leadAt('Sent', '2026-12-20T09:00:00Z')
  await mark(sent, "sent_at = '2026-12-20T09:00:05Z', provider_message_id = 're_1'")
  expect(await healthAs(staff)).toEqual({
    pending: 0,
    oldest_pending_at: null,
    retrying: 0,
    retry_reason: null,
    failed: 0,
    failed_since: null,
    failed_reason: null,
    failed_leads: [],
    failed_total: 0,
    sent_total: 1,
  })
})

it('says how many wait, since when, and the mail API’s latest refusal for now', async () => {
  await leadAt('Waiting', '2026-12-20T11:59:58Z')
  const refused = await leadAt('Refused', '2026-12-20T10:00:00Z')
  await mark(
    refused,
    "attempts = 3, last_error = 'Resend answered 401: API key is invalid', next_attempt_at = '2026-12-20T12:02:00Z'",
  )
  expect(await healthAs(staff)).toMatchObject({
    pending: 2,
    oldest_pending_at: '2026-12-20T10:00:00+00:00',
    retrying: 1,
    retry_reason: 'Resend answered 401: API key is invalid',
  })
})

it('names the refusal that came last, not the one retried last', async () => {
  // Backoff grows with each attempt: a mail refused at 11:00 for the seventh time is tried again at 11:32, one
  // refused at 11:30 for the first time at 11:30:30. The answer at 11:30 is the mail API's latest.
  const refuse = async (name: string, attempts: number, error: string, at: string) => {
    const id = await leadAt(name, '2026-12-20T08:00:00Z')
    const claim = '00000000-0000-4000-8000-00000000000' + attempts
    await mark(id, 'attempts = $2, claim_id = $3', [attempts, claim])
    await asRequest(db, service, (tx) =>
      tx.query('select public.record_lead_notification_failed($1, $2, $3, false, $4)', [
        id,
        claim,
        error,
        at,
      ]),
    )
    return id
  }
  const often = await refuse(
    'Often',
    7,
    'Resend answered 429: daily quota reached',
    '2026-12-20T11:00:00Z',
  )
  const latest = await refuse(
    'Latest',
    1,
    'Resend answered 403: the domain is not verified',
    '2026-12-20T11:30:00Z',
  )
  const {rows} = await db.query<{lead_id: string}>(
    'select lead_id from public.lead_notifications where lead_id = any($1) order by next_attempt_at desc',
    [[often, latest]],
  )
  expect(rows.map(({lead_id}) => lead_id)).toEqual([often, latest])
  expect(await healthAs(staff)).toMatchObject({
    retrying: 3,
    retry_reason: 'Resend answered 403: the domain is not verified',
  })
  await db.query('delete from public.free_estimate_requests where id = any($1)', [[often, latest]])
})

it('flags the leads whose mail was refused for good this week, newest first, with the reason', async () => {
  const old = await leadAt('Old', '2026-11-01T09:00:00Z')
  await mark(
    old,
    "failed_at = '2026-11-01T09:01:00Z', next_attempt_at = 'infinity', last_error = 'long ago'",
  )
  const first = await leadAt('Mallory', '2026-12-19T08:00:00Z')
  await mark(
    first,
    "failed_at = '2026-12-19T08:00:03Z', next_attempt_at = 'infinity', last_error = 'The mail API answered 400: invalid Reply-To address'",
  )
  const second = await leadAt('Trudy', '2026-12-20T11:00:00Z')
  await mark(
    second,
    "failed_at = '2026-12-20T11:00:02Z', next_attempt_at = 'infinity', last_error = 'Resend answered 422: invalid reply_to'",
  )
  expect(await healthAs(staff)).toMatchObject({
    failed: 2,
    failed_since: '2026-12-19T08:00:03+00:00',
    failed_reason: 'Resend answered 422: invalid reply_to',
    failed_leads: [
      {
        id: second,
        name: 'Trudy',
        failed_at: '2026-12-20T11:00:02+00:00',
        reason: 'Resend answered 422: invalid reply_to',
      },
      {
        id: first,
        name: 'Mallory',
        failed_at: '2026-12-19T08:00:03+00:00',
        reason: 'The mail API answered 400: invalid Reply-To address',
      },
    ],
    failed_total: 3,
    // Failed and waiting mails are neither: the ones above still wait.
    pending: 2,
  })
  expect(await healthAs(service)).toEqual(await healthAs(staff))
})

it('answers staff and the service role only', async () => {
  const refusal = (claims: RequestClaims) =>
    healthAs(claims).then(
      () => 'answered',
      (error: {code?: string}) => error.code,
    )
  expect(await refusal(user)).toBe('42501')
  expect(await refusal(anon)).toBe('42501')
  expect(await refusal({role: 'anon', sub: STAFF_ID})).toBe('42501')
})
