import {jwtVerify} from 'jose'
import {expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from './keys.ts'

it('the demo keys are HS256 JWTs for the anon and service roles, signed with the demo secret', async () => {
  const secret = new TextEncoder().encode(DEMO_JWT_SECRET)
  expect((await jwtVerify(DEMO_ANON_KEY, secret)).payload).toMatchObject({
    role: 'anon',
    iss: 'supabase-demo',
  })
  expect((await jwtVerify(DEMO_SERVICE_ROLE_KEY, secret)).payload).toMatchObject({
    role: 'service_role',
  })
})
