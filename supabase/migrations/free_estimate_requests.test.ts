// The production migration on real Postgres (PGlite): who may do what, and every check constraint. What staff
// may do is in staff_work_leads.test.ts.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  asRequest,
  openDatabase,
  type Database,
  type RequestClaims,
  type RequestSettings,
} from '../local/database.ts'

let db: Database
const USER_A = '00000000-0000-4000-8000-00000000000a'
const USER_B = '00000000-0000-4000-8000-00000000000b'

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password) values ($1, 'a@example.com', 'x'), ($2, 'b@example.com', 'x')`,
    [USER_A, USER_B],
  )
})
afterAll(() => db.close())

const anon: RequestClaims = {role: 'anon'}
const userA: RequestClaims = {role: 'authenticated', sub: USER_A}
const service: RequestClaims = {role: 'service_role'}

const validRequest = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  platforms: ['TradingView', 'Python'],
  requirements: ['Backtesting'],
  description: 'A backtest of my Bank Nifty straddle rules over three years.',
  terms_accepted: true,
  ownership_confirmed: true,
}

type Row = Record<string, unknown>

/** Inserts one row as PostgREST would, without RETURNING (anon may not select). */
const insert = (claims: RequestClaims, row: Row, request?: RequestSettings) =>
  asRequest(
    db,
    claims,
    (tx) =>
      tx.query(
        `insert into public.free_estimate_requests (${Object.keys(row).join(', ')})
       select ${Object.keys(row).join(', ')} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`,
        [JSON.stringify([row])],
      ),
    request,
  )

/** A visitor's insert from a client address of its own, so the flood throttle (tested apart) counts none. */
let visitors = 0
const insertAsVisitor = (row: Row) =>
  insert(anon, row, {headers: {'x-real-ip': `10.2.0.${(visitors += 1)}`}})

const sqlstate = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: {code?: string}) => error.code ?? 'unknown',
  )

const rowsFor = async (email: string) =>
  (
    await asRequest(db, service, (tx) =>
      tx.query<Row>('select * from public.free_estimate_requests where email = $1', [email]),
    )
  ).rows

describe('row-level security and privileges', () => {
  it('lets a visitor (anon) send a request, stored with no user', async () => {
    await insert(anon, {...validRequest, email: 'visitor@example.com'})
    const [row] = await rowsFor('visitor@example.com')
    expect(row).toMatchObject({
      name: 'Asha Rao',
      platforms: ['TradingView', 'Python'],
      user_id: null,
      terms_accepted: true,
    })
    expect(row?.id).toEqual(expect.any(String))
    expect(row?.created_at).toBeInstanceOf(Date)
  })

  it('refuses select to a visitor and shows a signed-in user who is not staff no rows', async () => {
    await insert(anon, {...validRequest, email: 'unseen@example.com'})
    const sql = 'select * from public.free_estimate_requests'
    expect(await sqlstate(asRequest(db, anon, (tx) => tx.query(sql)))).toBe('42501')
    expect((await asRequest(db, userA, (tx) => tx.query(sql))).rows).toEqual([])
  })

  it.each([
    ['update', "update public.free_estimate_requests set name = 'x'"],
    ['delete', 'delete from public.free_estimate_requests'],
  ])('refuses %s to a visitor and to a signed-in user', async (_action, sql) => {
    expect(await sqlstate(asRequest(db, anon, (tx) => tx.query(sql)))).toBe('42501')
    expect(await sqlstate(asRequest(db, userA, (tx) => tx.query(sql)))).toBe('42501')
  })

  it('records the signed-in sender from the access token', async () => {
    await insert(userA, {...validRequest, email: 'signed-in@example.com'})
    expect((await rowsFor('signed-in@example.com'))[0]?.user_id).toBe(USER_A)
  })

  it('accepts a user_id that is the sender’s own', async () => {
    await insert(userA, {...validRequest, email: 'own-id@example.com', user_id: USER_A})
    expect((await rowsFor('own-id@example.com'))[0]?.user_id).toBe(USER_A)
  })

  it('refuses a forged user_id, from a visitor or from another user', async () => {
    expect(
      await sqlstate(
        insert(anon, {...validRequest, email: 'forged1@example.com', user_id: USER_B}),
      ),
    ).toBe('42501')
    expect(
      await sqlstate(
        insert(userA, {...validRequest, email: 'forged2@example.com', user_id: USER_B}),
      ),
    ).toBe('42501')
    expect(await rowsFor('forged1@example.com')).toEqual([])
  })

  it('refuses a visitor writing the id or the creation time', async () => {
    expect(await sqlstate(insert(anon, {...validRequest, id: USER_A}))).toBe('42501')
    expect(
      await sqlstate(insert(anon, {...validRequest, created_at: '2020-01-01T00:00:00Z'})),
    ).toBe('42501')
  })

  it('lets the service role read, change and delete', async () => {
    await insert(anon, {...validRequest, email: 'service@example.com'})
    await asRequest(db, service, (tx) =>
      tx.query(
        "update public.free_estimate_requests set phone = '000' where email = 'service@example.com'",
      ),
    )
    expect((await rowsFor('service@example.com'))[0]?.phone).toBe('000')
    await asRequest(db, service, (tx) =>
      tx.query("delete from public.free_estimate_requests where email = 'service@example.com'"),
    )
    expect(await rowsFor('service@example.com')).toEqual([])
  })
})

describe('each check refuses what the form refuses', () => {
  it.each<[string, Row, string]>([
    ['an empty name', {name: ''}, '23514'],
    ['a name of spaces', {name: '   '}, '23514'],
    ['no name', {name: null}, '23502'],
    ['a 201-character name', {name: 'n'.repeat(201)}, '23514'],
    ['an empty e-mail', {email: ''}, '23514'],
    ['an e-mail without @', {email: 'asha.example.com'}, '23514'],
    ['a 255-character e-mail', {email: `${'e'.repeat(243)}@example.com`}, '23514'],
    ['a phone of spaces', {phone: '  '}, '23514'],
    ['a 41-character phone', {phone: '9'.repeat(41)}, '23514'],
    ['no platform', {platforms: []}, '23514'],
    ['an unknown platform', {platforms: ['Excel']}, '23514'],
    [
      'five platforms',
      {platforms: ['TradingView', 'Tradetron', 'Python', 'Other', 'Other']},
      '23514',
    ],
    ['no requirement', {requirements: []}, '23514'],
    ['an unknown requirement', {requirements: ['Cooking']}, '23514'],
    ['a description of spaces', {description: '\n  '}, '23514'],
    ['a 5001-character description', {description: 'd'.repeat(5001)}, '23514'],
    ['terms not accepted', {terms_accepted: false}, '23514'],
    ['ownership not confirmed', {ownership_confirmed: false}, '23514'],
    ['no terms answer', {terms_accepted: null}, '23502'],
    ['platforms that are not a list', {platforms: 'Python'}, '22P02'],
    ['a boolean that is not one', {terms_accepted: 'maybe'}, '22P02'],
  ])('refuses %s', async (_case, change, code) => {
    expect(await sqlstate(insert(anon, {...validRequest, ...change}))).toBe(code)
  })

  it('accepts every platform and requirement the form offers', async () => {
    await insert(anon, {
      ...validRequest,
      email: 'everything@example.com',
      platforms: ['TradingView', 'Tradetron', 'Python', 'Other'],
      requirements: ['Indicator Development', 'Strategy Development', 'Backtesting', 'Automation'],
    })
    expect(await rowsFor('everything@example.com')).toHaveLength(1)
  })
})

// The e-mail becomes the Reply-To of the mail staff get: only what every mail API takes there is stored (Mailpit's
// send API parses it with Go's net/mail.ParseAddress, server/apiv1/send.go; Resend answers validation_error).
describe('the e-mail is one address a mail API takes as Reply-To', () => {
  it.each([
    ['a second address smuggled in', 'a@example.com>,<evil'],
    ['two addresses', 'a@example.com, b@example.com'],
    ['a display name', 'Asha <asha@example.com>'],
    ['a quoted local part', '"asha"@example.com'],
    ['a doubled dot', 'asha..rao@example.com'],
    ['a leading dot', '.asha@example.com'],
    ['a trailing dot', 'asha.@example.com'],
    ['a domain starting with a hyphen', 'asha@-example.com'],
    ['a header after a line break', 'asha@example.com\nBcc: x@example.com'],
    ['a space inside it', 'asha rao@example.com'],
    ['a letter outside ASCII', 'āsha@example.com'],
  ])('refuses %s, naming the check the site reads (email_present)', async (_case, email) => {
    const refused = await insertAsVisitor({...validRequest, email}).catch(
      (error: {code: string; constraint: string}) => error,
    )
    expect(refused).toMatchObject({code: '23514', constraint: 'email_present'})
    expect(await rowsFor(email)).toEqual([])
  })

  it.each([
    ['plus and dots', 'asha.rao+leads@mail.example.co.in'],
    ['an apostrophe', "o'brien@example.ie"],
    ['upper case', 'Asha@Example.COM'],
    ['white space around it, as before (the mail trims it)', ' asha.spaced@example.com '],
    ['the longest the form takes', `${'x'.repeat(254 - '@example.com'.length)}@example.com`],
  ])('takes %s', async (_case, email) => {
    await insertAsVisitor({...validRequest, email})
    expect(await rowsFor(email)).toHaveLength(1)
  })

  it('keeps the rows stored before the check as they were, and staff may still work them', async () => {
    const email = 'old@example.com>,<evil'
    await insert(service, {...validRequest, email, created_at: '2026-01-05T09:00:00Z'})
    const [row] = await rowsFor(email)
    await asRequest(db, service, (tx) =>
      tx.query(`update public.free_estimate_requests set status = 'contacted' where id = $1`, [
        row!.id,
      ]),
    )
    expect(await rowsFor(email)).toMatchObject([{status: 'contacted'}])
  })
})

it('records the migrations it applied', async () => {
  const {rows} = await db.query<{version: string; name: string}>(
    'select version, name from supabase_migrations.schema_migrations order by version',
  )
  expect(rows).toEqual([
    {version: '20261121000000', name: 'free_estimate_requests'},
    {version: '20261202000000', name: 'free_estimate_request_throttle'},
    {version: '20261203000000', name: 'staff_work_leads'},
    {version: '20261203000100', name: 'lead_notifications'},
    {version: '20261204000000', name: 'staff_emails'},
    {version: '20261210000000', name: 'lead_attribution'},
    {version: '20261211000000', name: 'reply_to_email'},
    {version: '20261211000100', name: 'lead_notification_failures'},
    {version: '20261211000200', name: 'lead_notification_leases'},
    {version: '20261212000000', name: 'lead_mail_source'},
    {version: '20261215000000', name: 'lead_mail_health'},
    {version: '20261216000000', name: 'lead_mail_last_refusal'},
  ])
})
