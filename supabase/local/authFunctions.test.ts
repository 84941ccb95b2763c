// The auth schema's functions policies call, as Supabase defines them: auth.uid() and auth.jwt() read the claims
// a request runs with, for each role.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from './database.ts'

let db: Database
beforeAll(async () => {
  db = await openDatabase()
})
afterAll(() => db.close())

const ask = (claims: RequestClaims) =>
  asRequest(db, claims, async (tx) => {
    const {rows} = await tx.query<{uid: string | null; jwt: RequestClaims | null}>(
      'select auth.uid() as uid, auth.jwt() as jwt',
    )
    return rows[0]
  })

it.each<[string, RequestClaims]>([
  [
    'a user',
    {role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', email: 'a@example.com'},
  ],
  ['the anon key', {role: 'anon'}],
  ['the service role', {role: 'service_role'}],
])('answer the claims of %s', async (_who, claims) => {
  expect(await ask(claims)).toEqual({uid: claims.sub ?? null, jwt: claims})
})

it('answer null outside a request', async () => {
  const {rows} = await db.query('select auth.uid() as uid, auth.jwt() as jwt')
  expect(rows[0]).toEqual({uid: null, jwt: null})
})
