// Staff and the leads they work, on real Postgres (PGlite): every role and every forged token against the staff
// table, is_staff() and the lead-working columns of free_estimate_requests.
import {SignJWT} from 'jose'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from '../local/database.ts'
import {DEMO_JWT_SECRET} from '../local/keys.ts'
import {verifyToken} from '../local/tokens.ts'
import {
  aLead,
  anonymous,
  anon,
  anonAsStaff,
  OTHER_STAFF_ID as STAFF_B,
  outsiders,
  service,
  STAFF_ID as STAFF_A,
  staff,
  user,
  USER_ID as USER,
} from './testRequests.ts'

let db: Database
const lead = aLead()

type Row = Record<string, unknown>

const sqlstate = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: {code?: string}) => error.code ?? String(error),
  )

// Each request from its own client address, so the flood throttle (tested on its own) never refuses one here.
let address = 0
const as = <T extends Row>(claims: RequestClaims, sql: string, params: unknown[] = []) => {
  address += 1
  return asRequest(db, claims, (tx) => tx.query<T>(sql, params), {
    headers: {'x-real-ip': `10.0.${address >> 8}.${address & 255}`},
  })
}

/** A lead sent by a visitor, as the form sends it (no RETURNING: anon may not select); answers its id. */
async function sendLead(email: string): Promise<string> {
  await as(
    anon,
    `insert into public.free_estimate_requests (${Object.keys(lead).join(', ')})
     select ${Object.keys(lead).join(', ')} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`,
    [JSON.stringify([{...lead, email}])],
  )
  const {rows} = await db.query<{id: string}>(
    'select id from public.free_estimate_requests where email = $1',
    [email],
  )
  return rows[0]!.id
}

const leadRow = async (id: string) =>
  (await db.query<Row>('select * from public.free_estimate_requests where id = $1', [id])).rows[0]

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller-a@example.com', 'x'), ($2, 'seller-b@example.com', 'x'), ($3, 'buyer@example.com', 'x')`,
    [STAFF_A, STAFF_B, USER],
  )
  await as(service, 'insert into public.staff (user_id) values ($1), ($2)', [STAFF_A, STAFF_B])
})
afterAll(() => db.close())

describe('is_staff()', () => {
  it('is true for a staff member, false for a signed-in user and for the service role', async () => {
    const isStaff = async (claims: RequestClaims) =>
      (await as<{is_staff: boolean}>(claims, 'select public.is_staff()')).rows[0]!.is_staff
    expect(await isStaff(staff)).toBe(true)
    expect(await isStaff({role: 'authenticated', sub: STAFF_B})).toBe(true)
    expect(await isStaff(user)).toBe(false)
    expect(await isStaff(service)).toBe(false)
  })

  it.each([
    ['a visitor', anon],
    ['an anon request naming a staff member', anonAsStaff],
  ])('may not be asked by %s', async (_who, claims) => {
    expect(await sqlstate(as(claims, 'select public.is_staff()'))).toBe('42501')
  })

  it('is a stable security-definer function with an empty search_path', async () => {
    const {rows} = await db.query<Row>(
      `select prosecdef, provolatile, proconfig from pg_proc where oid = 'public.is_staff()'::regprocedure`,
    )
    expect(rows[0]).toEqual({prosecdef: true, provolatile: 's', proconfig: ['search_path=""']})
  })
})

describe('the staff table', () => {
  it('shows the staff to staff, nothing to a signed-in user', async () => {
    const {rows} = await as<{user_id: string}>(
      staff,
      'select user_id from public.staff order by user_id',
    )
    expect(rows.map((row) => row.user_id)).toEqual([STAFF_A, STAFF_B])
    expect((await as(user, 'select * from public.staff')).rows).toEqual([])
  })

  it.each(anonymous)('refuses select to %s', async (_who, claims) => {
    expect(await sqlstate(as(claims, 'select * from public.staff'))).toBe('42501')
  })

  it.each(outsiders)('refuses every change to %s', async (_who, claims) => {
    expect(
      await sqlstate(as(claims, 'insert into public.staff (user_id) values ($1)', [USER])),
    ).toBe('42501')
    expect(
      await sqlstate(
        as(claims, 'update public.staff set user_id = $1 where user_id = $2', [USER, STAFF_A]),
      ),
    ).toBe('42501')
    expect(await sqlstate(as(claims, 'update public.staff set added_at = now()'))).toBe('42501')
    expect(await sqlstate(as(claims, 'delete from public.staff'))).toBe('42501')
    expect((await db.query('select * from public.staff')).rows).toHaveLength(2)
  })

  it('lets the service role add and remove staff; a removed member’s leads go back to the pool', async () => {
    const id = await sendLead('handed-back@example.com')
    await as(service, 'insert into public.staff (user_id) values ($1)', [USER])
    expect(
      (await as<{is_staff: boolean}>(user, 'select public.is_staff()')).rows[0]!.is_staff,
    ).toBe(true)
    await as(
      {role: 'authenticated', sub: USER},
      'update public.free_estimate_requests set owner = $1 where id = $2',
      [USER, id],
    )
    expect((await leadRow(id))?.owner).toBe(USER)
    await as(service, 'delete from public.staff where user_id = $1', [USER])
    expect((await leadRow(id))?.owner).toBeNull()
    expect((await as(user, 'select * from public.free_estimate_requests')).rows).toEqual([])
  })

  it('takes only users that exist', async () => {
    expect(
      await sqlstate(
        as(service, 'insert into public.staff (user_id) values ($1)', [
          '00000000-0000-4000-8000-0000000000ff',
        ]),
      ),
    ).toBe('23503')
  })
})

describe('working the leads', () => {
  let id: string
  /** Sets one column of this lead, as `claims`. */
  const setColumn = (claims: RequestClaims, column: string, value: unknown) =>
    as(claims, `update public.free_estimate_requests set ${column} = $1 where id = $2`, [value, id])
  beforeEach(async () => {
    id = await sendLead(`lead-${crypto.randomUUID()}@example.com`)
    // An old time, so a change that sets updated_at shows whatever the machine's clock does.
    await db.query(
      "update public.free_estimate_requests set updated_at = '2000-01-01T00:00:00Z' where id = $1",
      [id],
    )
  })

  it('starts new, unowned and without notes', async () => {
    expect(await leadRow(id)).toMatchObject({status: 'new', owner: null, notes: null})
  })

  it('lets staff read every lead, whole', async () => {
    const {rows} = await as<Row>(
      staff,
      'select * from public.free_estimate_requests where id = $1',
      [id],
    )
    expect(rows[0]).toMatchObject({...lead, email: expect.any(String), status: 'new'})
    const {rows: all} = await as<{n: number}>(
      staff,
      'select count(*)::int as n from public.free_estimate_requests',
    )
    expect(all[0]!.n).toBe(
      (await db.query<{n: number}>('select count(*)::int as n from public.free_estimate_requests'))
        .rows[0]!.n,
    )
  })

  it('shows a signed-in user who is not staff no lead', async () => {
    expect((await as(user, 'select * from public.free_estimate_requests')).rows).toEqual([])
  })

  it.each(anonymous)('refuses select to %s', async (_who, claims) => {
    expect(await sqlstate(as(claims, 'select * from public.free_estimate_requests'))).toBe('42501')
  })

  it.each<[string, unknown, Row]>([
    ['status', 'contacted', {status: 'contacted'}],
    ['owner', STAFF_B, {owner: STAFF_B}],
    ['notes', 'Called; wants a quote by Friday.', {notes: 'Called; wants a quote by Friday.'}],
  ])('lets staff change %s, and stamps updated_at', async (column, value, expected) => {
    const {affectedRows} = await setColumn(staff, column, value)
    expect(affectedRows).toBe(1)
    const row = await leadRow(id)
    expect(row).toMatchObject(expected)
    expect((row?.updated_at as Date).getTime()).toBeGreaterThan(Date.parse('2000-01-02'))
  })

  it.each([
    ['status', 'won'],
    ['owner', STAFF_A],
    ['notes', 'mine now'],
  ])('changes nothing when a signed-in user who is not staff sets %s', async (column, value) => {
    const {affectedRows} = await setColumn(user, column, value)
    expect(affectedRows).toBe(0)
    expect(await leadRow(id)).toMatchObject({status: 'new', owner: null, notes: null})
  })

  it.each([
    ['a visitor', anon],
    ['an anon request naming a staff member', anonAsStaff],
  ])('refuses %s changing the lead-working columns', async (_who, claims) => {
    for (const [column, value] of [
      ['status', 'won'],
      ['owner', STAFF_A],
      ['notes', 'x'],
    ] as const) {
      expect(await sqlstate(setColumn(claims, column, value))).toBe('42501')
    }
    expect(await leadRow(id)).toMatchObject({status: 'new', owner: null, notes: null})
  })

  it.each<[string, unknown]>([
    ['id', crypto.randomUUID()],
    ['created_at', '2020-01-01T00:00:00Z'],
    ['name', 'Someone Else'],
    ['email', 'other@example.com'],
    ['phone', '000'],
    ['platforms', ['Other']],
    ['requirements', ['Automation']],
    ['description', 'changed'],
    ['terms_accepted', true],
    ['ownership_confirmed', true],
    ['user_id', USER],
    ['updated_at', '2020-01-01T00:00:00Z'],
  ])('refuses %s to staff and to everyone else but the service role', async (column, value) => {
    for (const [, claims] of outsiders) {
      expect(await sqlstate(setColumn(claims, column, value))).toBe('42501')
    }
    expect(await leadRow(id)).toMatchObject({...lead, email: expect.any(String), user_id: null})
  })

  it('takes only a staff member as owner', async () => {
    expect(
      await sqlstate(
        as(staff, 'update public.free_estimate_requests set owner = $1 where id = $2', [USER, id]),
      ),
    ).toBe('23503')
    expect((await leadRow(id))?.owner).toBeNull()
  })

  it('takes only the four statuses and notes up to 10,000 characters', async () => {
    const set = (column: string, value: string) => sqlstate(setColumn(staff, column, value))
    expect(await set('status', 'pending')).toBe('22P02')
    expect(await set('notes', 'n'.repeat(10_001))).toBe('23514')
    expect(await set('notes', 'n'.repeat(10_000))).toBe('accepted')
    for (const status of ['contacted', 'won', 'lost', 'new'])
      expect(await set('status', status)).toBe('accepted')
  })

  it.each(outsiders)('refuses delete to %s', async (_who, claims) => {
    expect(
      await sqlstate(as(claims, 'delete from public.free_estimate_requests where id = $1', [id])),
    ).toBe('42501')
    expect(await leadRow(id)).toBeDefined()
  })

  it('lets the service role delete', async () => {
    await as(service, 'delete from public.free_estimate_requests where id = $1', [id])
    expect(await leadRow(id)).toBeUndefined()
  })

  it.each<[string, Row]>([
    ['a status', {status: 'won'}],
    ['an owner', {owner: STAFF_A}],
    ['notes', {notes: 'x'}],
    ['updated_at', {updated_at: '2020-01-01T00:00:00Z'}],
  ])('refuses a lead sent with %s, by a visitor or by staff', async (_what, extra) => {
    const value = {...lead, email: 'preset@example.com', ...extra}
    const send = (claims: RequestClaims) =>
      sqlstate(
        as(
          claims,
          `insert into public.free_estimate_requests (${Object.keys(value).join(', ')})
           select ${Object.keys(value).join(', ')} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`,
          [JSON.stringify([value])],
        ),
      )
    expect(await send(anon)).toBe('42501')
    expect(await send(staff)).toBe('42501')
  })
})

describe('tokens that are not what they claim', () => {
  const signed = (claims: Record<string, unknown>, secret = DEMO_JWT_SECRET) =>
    new SignJWT(claims)
      .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret))
  const unsigned = (claims: Record<string, unknown>) =>
    [{alg: 'none', typ: 'JWT'}, claims]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.') + '.'

  it.each([
    ['an unsigned service_role token', () => Promise.resolve(unsigned({role: 'service_role'}))],
    [
      'a service_role token signed with another secret',
      () => signed({role: 'service_role'}, 'not-the-secret-not-the-secret-not-the-secret'),
    ],
    ['a signed token with a made-up role', () => signed({role: 'staff', sub: STAFF_A})],
    ['a signed token with a database role', () => signed({role: 'postgres'})],
  ])('never reach the database: %s is refused', async (_case, token) => {
    await expect(verifyToken(DEMO_JWT_SECRET, await token())).rejects.toThrow()
  })

  it('gets no role that does not exist', async () => {
    expect(
      await sqlstate(
        as({role: 'staff' as RequestClaims['role'], sub: STAFF_A}, 'select * from public.staff'),
      ),
    ).not.toBe('accepted')
  })

  // Privileges follow the database role PostgREST sets, never a role written in the claims.
  it('gives a signed-in user whose claims say service_role nothing more', async () => {
    const id = await sendLead('claims-say-service@example.com')
    const asUserClaimingService = (sql: string, params: unknown[] = []) =>
      db.transaction(async (tx) => {
        await tx.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({role: 'service_role', sub: USER}),
        ])
        await tx.exec('set local role authenticated')
        return tx.query(sql, params)
      })
    expect(
      (await asUserClaimingService('select * from public.free_estimate_requests')).rows,
    ).toEqual([])
    expect((await asUserClaimingService('select * from public.staff')).rows).toEqual([])
    expect(
      (
        await asUserClaimingService(
          "update public.free_estimate_requests set status = 'won' where id = $1",
          [id],
        )
      ).affectedRows,
    ).toBe(0)
    expect(await sqlstate(asUserClaimingService('delete from public.free_estimate_requests'))).toBe(
      '42501',
    )
    expect(
      await sqlstate(
        asUserClaimingService('insert into public.staff (user_id) values ($1)', [USER]),
      ),
    ).toBe('42501')
  })
})
