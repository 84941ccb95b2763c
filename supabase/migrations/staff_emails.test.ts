// Staff's e-mail addresses in public.staff, on real Postgres (PGlite): set by the database from auth.users
// whatever an insert says, following a change of address, and shown only to staff.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from '../local/database.ts'
import {
  anonymous,
  OTHER_STAFF_ID as STAFF_B,
  service,
  STAFF_ID as STAFF_A,
  staff,
  user,
  USER_ID as USER,
} from './testRequests.ts'

let db: Database

const as = <T extends Record<string, unknown>>(
  claims: RequestClaims,
  sql: string,
  params: unknown[] = [],
) => asRequest(db, claims, (tx) => tx.query<T>(sql, params))

const sqlstate = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: {code?: string}) => error.code ?? String(error),
  )

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller-a@example.com', 'x'), ($2, 'seller-b@example.com', 'x'), ($3, 'buyer@example.com', 'x')`,
    [STAFF_A, STAFF_B, USER],
  )
  await as(service, 'insert into public.staff (user_id) values ($1)', [STAFF_A])
  await as(service, "insert into public.staff (user_id, email) values ($1, 'forged@example.com')", [
    STAFF_B,
  ])
})
afterAll(() => db.close())

const emails = async (claims: RequestClaims) =>
  (await as<{email: string}>(claims, 'select email from public.staff order by email')).rows.map(
    (row) => row.email,
  )

describe("staff's e-mail addresses", () => {
  it('come from auth.users, whatever the insert said', async () => {
    expect(await emails(staff)).toEqual(['seller-a@example.com', 'seller-b@example.com'])
  })

  it('follow a change of address', async () => {
    await db.query("update auth.users set email = 'seller-b@new.example.com' where id = $1", [
      STAFF_B,
    ])
    expect(await emails(staff)).toEqual(['seller-a@example.com', 'seller-b@new.example.com'])
    await db.query("update auth.users set email = 'seller-b@example.com' where id = $1", [STAFF_B])
  })

  it('cannot be changed by the service role either', async () => {
    await as(service, "update public.staff set email = 'other@example.com' where user_id = $1", [
      STAFF_A,
    ])
    expect(await emails(service)).toEqual(['seller-a@example.com', 'seller-b@example.com'])
  })

  it('are shown to staff only', async () => {
    expect(await emails(user)).toEqual([])
    for (const [, claims] of anonymous)
      expect(await sqlstate(as(claims, 'select email from public.staff'))).toBe('42501')
  })

  it('leave a user who does not exist refused by the foreign key', async () => {
    expect(
      await sqlstate(
        as(service, 'insert into public.staff (user_id) values ($1)', [
          '00000000-0000-4000-8000-0000000000ff',
        ]),
      ),
    ).toBe('23503')
  })

  it('come from security-definer functions with an empty search_path', async () => {
    const {rows} = await db.query<{proname: string; prosecdef: boolean; proconfig: string[]}>(
      `select proname, prosecdef, proconfig from pg_proc
       where proname in ('staff_email_from_user', 'staff_email_follows_user') order by proname`,
    )
    expect(rows).toEqual([
      {proname: 'staff_email_follows_user', prosecdef: true, proconfig: ['search_path=""']},
      {proname: 'staff_email_from_user', prosecdef: true, proconfig: ['search_path=""']},
    ])
  })
})
