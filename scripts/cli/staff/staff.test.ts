// `npm run staff` as a person runs it, against a throwaway supabase/local reached as a hosted project is (its URL
// and SUPABASE_SERVICE_ROLE_KEY in the environment): adding, listing and removing staff by e-mail address, and the
// words for an unknown address, an account already staff or not staff, an unconfirmed one, and a wrong call.
import {execFile} from 'node:child_process'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {startTestSupabase, type TestSupabase} from '@quantedge/supabase/local/testing/testSupabase'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase()
  // More accounts than one page of GoTrue's admin list holds (1000), the oldest first: the staff member to be
  // is on the last page, as an early account of a busy project is.
  await supabase.db.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, created_at)
     values ('seller@example.com', 'x', now(), now() - interval '1 day')`,
  )
  await supabase.db.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at)
     select 'visitor-' || n || '@example.com', 'x', now() from generate_series(1, 1001) as n`,
  )
  await supabase.db.query(
    "insert into auth.users (email, encrypted_password) values ('pending@example.com', 'x')",
  )
})
afterAll(() => supabase.close())

/** `npm run staff -- ...args`: its exit code and what it printed. */
async function staff(...args: string[]) {
  try {
    const {stdout, stderr} = await promisify(execFile)(
      process.execPath,
      [join(import.meta.dirname, 'main.ts'), ...args],
      {
        env: {
          ...process.env,
          VITE_SUPABASE_URL: supabase.url,
          SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        },
      },
    )
    return {code: 0, output: stdout + stderr}
  } catch (error) {
    const {code, stdout, stderr} = error as {code: number; stdout: string; stderr: string}
    return {code, output: stdout + stderr}
  }
}

const staffIds = async () =>
  (
    await supabase.db.query<{email: string}>('select email from public.staff order by email')
  ).rows.map((row) => row.email)

it('lists no staff at first', async () => {
  expect(await staff('list')).toEqual({code: 0, output: expect.stringContaining('No staff yet')})
})

it('makes an account staff by its e-mail address, in any case, found past the first page', async () => {
  expect(await staff('add', 'Seller@Example.com')).toEqual({
    code: 0,
    output:
      'seller@example.com is now staff: they can open the staff page (/staff) once signed in.\n',
  })
  expect(await staffIds()).toEqual(['seller@example.com'])
  const {code, output} = await staff('list')
  expect(code).toBe(0)
  expect(output).toMatch(/^seller@example\.com {2}\(staff since .+\)\n$/)
})

it('says so when the account is staff already, and changes nothing', async () => {
  expect(await staff('add', 'seller@example.com')).toEqual({
    code: 1,
    output: 'seller@example.com is already staff.\n',
  })
  expect(await staffIds()).toEqual(['seller@example.com'])
})

it('refuses an address no account has, saying what to do', async () => {
  expect(await staff('add', 'nobody@example.com')).toEqual({
    code: 1,
    output:
      'No account has the e-mail address nobody@example.com. Ask them to sign up on the site (Login → Sign Up) first.\n',
  })
})

it('adds an account that has not confirmed its address, saying it must before signing in', async () => {
  const {code, output} = await staff('add', 'pending@example.com')
  expect(code).toBe(0)
  expect(output).toMatch(/pending@example\.com is now staff\. They have not confirmed/)
  expect(await staffIds()).toEqual(['pending@example.com', 'seller@example.com'])
})

it('takes an account off the staff, and says when it is not staff', async () => {
  expect(await staff('remove', 'pending@example.com')).toEqual({
    code: 0,
    output: 'pending@example.com is no longer staff; the leads they owned have no owner now.\n',
  })
  expect(await staffIds()).toEqual(['seller@example.com'])
  expect(await staff('remove', 'pending@example.com')).toEqual({
    code: 1,
    output: 'pending@example.com is not staff.\n',
  })
})

it.each([[[]], [['add']], [['list', 'x@example.com']], [['promote', 'x@example.com']]])(
  'shows how to call it when called as %j',
  async (args) => {
    const {code, output} = await staff(...args)
    expect(code).toBe(2)
    expect(output).toMatch(/^Usage:\n {2}npm run staff -- add <email>/)
  },
)
