// PUT /user through the real supabase-js: `data` is merged into user_metadata and kept; an e-mail change
// is refused in words, never answered 200 with nothing changed.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {
  latestLink,
  startTestSupabase,
  visitorClient,
  type TestSupabase,
} from '../testing/testSupabase.ts'

let supabase: TestSupabase
beforeAll(async () => {
  supabase = await startTestSupabase()
  await visitorClient(supabase.url).auth.signUp({
    email: 'member@example.com',
    password: 'secret123',
    options: {data: {name: 'Asha'}},
  })
  await fetch(await latestLink(supabase.mailboxUrl, 'member@example.com'), {redirect: 'manual'})
})
afterAll(() => supabase.close())

async function signedIn() {
  const client = visitorClient(supabase.url)
  const {error} = await client.auth.signInWithPassword({
    email: 'member@example.com',
    password: 'secret123',
  })
  if (error) throw error
  return client
}

it('stores updateUser({data}) merged into user_metadata, and a null removes a key', async () => {
  const client = await signedIn()
  const updated = await client.auth.updateUser({data: {plan: 'pro', city: 'Pune'}})
  expect(updated.error).toBeNull()
  expect(updated.data.user?.user_metadata).toEqual({name: 'Asha', plan: 'pro', city: 'Pune'})
  expect((await client.auth.updateUser({data: {city: null}})).data.user?.user_metadata).toEqual({
    name: 'Asha',
    plan: 'pro',
  })

  const later = await signedIn()
  expect((await later.auth.getUser()).data.user?.user_metadata).toEqual({name: 'Asha', plan: 'pro'})
})

it('refuses an e-mail change with 422 and a message, and keeps the address', async () => {
  const client = await signedIn()
  const {error} = await client.auth.updateUser({email: 'moved@example.com'})
  expect(error?.status).toBe(422)
  expect(error?.code).toBe('feature_disabled')
  expect(error?.message).toMatch(
    /^The e-mail address cannot be changed through this local Supabase stand-in/,
  )
  expect((await client.auth.getUser()).data.user?.email).toBe('member@example.com')
  const sameAddress = await client.auth.updateUser({
    email: 'member@example.com',
    data: {plan: 'team'},
  })
  expect(sameAddress.error).toBeNull()
  expect(sameAddress.data.user?.user_metadata.plan).toBe('team')
})

it('changes nothing when a part of the update is refused', async () => {
  const client = await signedIn()
  const {error} = await client.auth.updateUser({
    email: 'elsewhere@example.com',
    password: 'another-secret',
    data: {plan: 'free'},
  })
  expect(error?.status).toBe(422)
  expect((await client.auth.getUser()).data.user?.user_metadata.plan).not.toBe('free')
  const oldPassword = await visitorClient(supabase.url).auth.signInWithPassword({
    email: 'member@example.com',
    password: 'secret123',
  })
  expect(oldPassword.error).toBeNull()
})
