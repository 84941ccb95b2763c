// auth.jwt(), as Supabase defines it for policies: the request's claims as jsonb, whoever sends it, and null
// outside a request.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database} from './database.ts'

let db: Database
beforeAll(async () => {
  db = await openDatabase()
})
afterAll(() => db.close())

it.each([
  [{role: 'anon'}],
  [{role: 'authenticated', sub: '00000000-0000-4000-8000-0000000000c3', email: 'asha@example.com'}],
  [{role: 'service_role'}],
] as const)('answers the claims of a request as %o', async (claims) => {
  const {rows} = await asRequest(db, claims, (tx) =>
    tx.query<{jwt: unknown}>('select auth.jwt() as jwt'),
  )
  expect(rows[0]!.jwt).toEqual(claims)
})

it('answers null outside a request', async () => {
  expect((await db.query<{jwt: unknown}>('select auth.jwt() as jwt')).rows[0]!.jwt).toBeNull()
})
