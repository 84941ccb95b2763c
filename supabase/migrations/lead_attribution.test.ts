// Where leads came from (20261210000000_lead_attribution.sql), on real Postgres (PGlite) through the roles PostgREST
// runs requests as: every value bounded by the database, sent by the insert and changed by no one after, read by
// staff only; and the counts by source and campaign the staff page's summary and filters read, worked out by hand.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from '../local/database.ts'
import {
  aLead,
  anonymous,
  anon,
  outsiders,
  service,
  STAFF_ID,
  staff,
  user,
  USER_ID,
} from './testRequests.ts'

let db: Database

type Row = Record<string, unknown>

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: {code?: string; message?: string}) => `${error.code}: ${error.message}`,
  )

let address = 0
const as = <T extends Row>(claims: RequestClaims, sql: string, params: unknown[] = []) => {
  address += 1
  return asRequest(db, claims, (tx) => tx.query<T>(sql, params), {
    headers: {'x-real-ip': `10.1.${address >> 8}.${address & 255}`},
  })
}

/** The first and last touch of a visit from Instagram's Diwali campaign that later came back from YouTube. */
const attribution = {
  first_source: 'instagram',
  first_medium: 'social',
  first_campaign: 'diwali',
  first_term: 'straddle',
  first_content: 'reel-1',
  first_click_id: 'fbclid:IwAR2x_9-a',
  first_landing_page: '/tradingview',
  first_referrer_host: 'l.instagram.com',
  last_source: 'www.youtube.com',
  last_medium: 'referral',
  last_campaign: null,
  last_term: null,
  last_content: null,
  last_click_id: null,
  last_landing_page: '/python',
  last_referrer_host: 'www.youtube.com',
  form_page: '/contactus',
}

/** A lead as the form sends it (anon may not read it back), with `fields` over the usual ones. */
const send = (fields: Row, claims: RequestClaims = anon) => {
  const row = {...aLead(`lead-${address}@example.com`), ...fields}
  const columns = Object.keys(row).join(', ')
  return as(
    claims,
    `insert into public.free_estimate_requests (${columns})
     select ${columns} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`,
    [JSON.stringify([row])],
  )
}

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller@example.com', 'x'), ($2, 'buyer@example.com', 'x')`,
    [STAFF_ID, USER_ID],
  )
  await as(service, 'insert into public.staff (user_id) values ($1)', [STAFF_ID])
})
afterAll(() => db.close())

describe('the attribution columns', () => {
  it('take a visit’s first and last touch and the form’s page, as the form sends them', async () => {
    await send({...attribution, email: 'attributed@example.com'})
    const {rows} = await db.query<Row>(
      `select ${Object.keys(attribution).join(', ')} from public.free_estimate_requests where email = $1`,
      ['attributed@example.com'],
    )
    expect(rows[0]).toEqual(attribution)
  })

  it.each([
    ['markup in a source', {first_source: '<script>alert(1)</script>'}, 'first_source_bounded'],
    ['a quote in a campaign', {last_campaign: 'diwali"onload'}, 'last_campaign_bounded'],
    ['a formula in a medium', {first_medium: '=HYPERLINK("x")'}, 'first_medium_bounded'],
    ['a source longer than 100', {last_source: 'x'.repeat(101)}, 'last_source_bounded'],
    ['an empty term', {first_term: ''}, 'first_term_bounded'],
    ['a click id of no network', {first_click_id: 'evil:abc'}, 'first_click_id_bounded'],
    [
      'a landing page that is a script URL',
      {first_landing_page: 'javascript:alert(1)'},
      'first_landing_page_bounded',
    ],
    ['a form page with a query', {form_page: '/contactus?x=<b>'}, 'form_page_bounded'],
    [
      'a referrer host in capitals',
      {last_referrer_host: 'EVIL.example'},
      'last_referrer_host_bounded',
    ],
  ])('refuses %s with its check’s name', async (_what, fields, check) => {
    expect(await outcome(send(fields))).toBe(
      `23514: new row for relation "free_estimate_requests" violates check constraint "${check}"`,
    )
  })

  it.each(outsiders)('may not be changed by %s after the insert', async (_who, claims) => {
    for (const column of ['first_source', 'last_campaign', 'form_page'])
      expect(
        await outcome(as(claims, `update public.free_estimate_requests set ${column} = 'x'`)),
        column,
      ).toMatch(/^42501: permission denied/)
  })

  it('are read by staff, by no signed-in user who is not staff, and by no visitor', async () => {
    const read = `select first_source, last_source, form_page from public.free_estimate_requests
                  where first_source = 'instagram'`
    expect((await as(staff, read)).rows).toContainEqual({
      first_source: 'instagram',
      last_source: 'www.youtube.com',
      form_page: '/contactus',
    })
    expect((await as(user, read)).rows).toEqual([])
    for (const [who, claims] of anonymous)
      expect(await outcome(as(claims, read)), who).toMatch(/^42501: permission denied/)
  })
})

describe('lead_sources', () => {
  // Leads by first source, campaign and status, worked out by hand below.
  const seeded: [string | null, string | null, string][] = [
    ['google', 'brand', 'won'],
    ['google', 'brand', 'won'],
    ['google', 'brand', 'contacted'],
    ['google', 'generic', 'new'],
    ['google', 'generic', 'lost'],
    ['newsletter', null, 'won'],
    ['newsletter', null, 'new'],
    ['newsletter', null, 'new'],
    [null, null, 'contacted'],
  ]

  beforeAll(async () => {
    await db.query(`delete from public.free_estimate_requests`)
    for (const [index, [source, campaign, status]] of seeded.entries()) {
      await send({
        name: `Lead ${index}`,
        ...(source ? {first_source: source} : {}),
        ...(campaign ? {first_campaign: campaign} : {}),
      })
      await db.query(`update public.free_estimate_requests set status = $1 where name = $2`, [
        status,
        `Lead ${index}`,
      ])
    }
  })

  const sources = (args = '') =>
    as<Row>(staff, `select * from public.lead_sources(${args})`).then(({rows}) =>
      rows.map((row) => ({
        ...row,
        leads: Number(row.leads),
        contacted: Number(row.contacted),
        won: Number(row.won),
      })),
    )

  it('counts each source and campaign’s leads, those past new, and those won', async () => {
    // google/brand: 3 leads, all past new, 2 won; google/generic: 2, 1 past new (lost), none won;
    // newsletter: 3, 1 past new, 1 won; not recorded: 1, past new, none won.
    expect(await sources()).toEqual([
      {source: 'google', campaign: 'brand', leads: 3, contacted: 3, won: 2},
      {source: 'newsletter', campaign: null, leads: 3, contacted: 1, won: 1},
      {source: 'google', campaign: 'generic', leads: 2, contacted: 1, won: 0},
      {source: '(not recorded)', campaign: null, leads: 1, contacted: 1, won: 0},
    ])
  })

  it('counts only the leads of a status, or that a search finds', async () => {
    expect(await sources(`status_filter => 'new'`)).toEqual([
      {source: 'newsletter', campaign: null, leads: 2, contacted: 0, won: 0},
      {source: 'google', campaign: 'generic', leads: 1, contacted: 0, won: 0},
    ])
    expect(await sources(`search => 'lead 5'`)).toEqual([
      {source: 'newsletter', campaign: null, leads: 1, contacted: 1, won: 1},
    ])
  })

  it('counts nothing for a signed-in user who is not staff, and may not be called by a visitor', async () => {
    expect((await as(user, 'select * from public.lead_sources()')).rows).toEqual([])
    for (const [who, claims] of anonymous)
      expect(await outcome(as(claims, 'select * from public.lead_sources()')), who).toMatch(
        /^42501: permission denied/,
      )
  })
})
