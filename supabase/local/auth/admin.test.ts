// GoTrue's GET /admin/users through the stand-in and the real supabase-js: the service role pages through every
// account newest first with GoTrue's Link and X-Total-Count headers; anyone else is refused as GoTrue refuses.
import {createClient} from '@supabase/supabase-js'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'
import {startTestSupabase, type TestSupabase} from '../testing/testSupabase.ts'
import {signAccessToken} from '../tokens.ts'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase()
  await supabase.db.query(
    `insert into auth.users (email, encrypted_password, created_at)
     select 'user-' || n || '@example.com', 'x', now() - n * interval '1 minute' from generate_series(1, 5) as n`,
  )
})
afterAll(() => supabase.close())

const admin = () =>
  createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}}).auth.admin

it('pages through the users newest first, with the total and the next and last pages', async () => {
  const first = await admin().listUsers({page: 1, perPage: 2})
  expect(first.error).toBeNull()
  expect(first.data.users.map((user) => user.email)).toEqual([
    'user-1@example.com',
    'user-2@example.com',
  ])
  expect(first.data).toMatchObject({aud: 'authenticated', total: 5, nextPage: 2, lastPage: 3})
  const last = await admin().listUsers({page: 3, perPage: 2})
  expect(last.data.users.map((user) => user.email)).toEqual(['user-5@example.com'])
  expect(last.data).toMatchObject({nextPage: null, lastPage: 3})
  expect((await admin().listUsers({page: 4, perPage: 2})).data.users).toEqual([])
})

it('answers GoTrue’s user shape and headers', async () => {
  const response = await fetch(`${supabase.url}/auth/v1/admin/users?per_page=1&page=`, {
    headers: {apikey: DEMO_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`},
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('x-total-count')).toBe('5')
  expect(response.headers.get('link')).toBe(
    '</auth/v1/admin/users?page=2&per_page=1>; rel="next", </auth/v1/admin/users?page=5&per_page=1>; rel="last"',
  )
  const {users} = (await response.json()) as {users: Record<string, unknown>[]}
  expect(users[0]).toMatchObject({
    aud: 'authenticated',
    role: 'authenticated',
    email: 'user-1@example.com',
  })
  expect(users[0]).not.toHaveProperty('encrypted_password')
})

it.each([
  ['the anon key', async () => DEMO_ANON_KEY, 403, 'not_admin'],
  [
    'a signed-in user',
    async () =>
      (
        await signAccessToken(
          DEMO_JWT_SECRET,
          'admin.test',
          {role: 'authenticated', sub: crypto.randomUUID()},
          60,
        )
      ).token,
    403,
    'not_admin',
  ],
  ['a forged service role', async () => `${DEMO_SERVICE_ROLE_KEY.slice(0, -2)}xx`, 403, 'bad_jwt'],
])('refuses %s', async (_who, bearer, status, code) => {
  const response = await fetch(`${supabase.url}/auth/v1/admin/users`, {
    headers: {apikey: DEMO_ANON_KEY, Authorization: `Bearer ${await bearer()}`},
  })
  expect(response.status).toBe(status)
  expect(((await response.json()) as {code: string}).code).toBe(code)
})

it('refuses a request without a bearer token with 401, and a bad page number with 400', async () => {
  const anonymous = await fetch(`${supabase.url}/auth/v1/admin/users`, {
    headers: {apikey: DEMO_ANON_KEY},
  })
  expect([anonymous.status, ((await anonymous.json()) as {code: string}).code]).toEqual([
    401,
    'no_authorization',
  ])
  const badPage = await fetch(`${supabase.url}/auth/v1/admin/users?page=two`, {
    headers: {apikey: DEMO_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`},
  })
  expect([badPage.status, ((await badPage.json()) as {code: string}).code]).toEqual([
    400,
    'validation_failed',
  ])
})
