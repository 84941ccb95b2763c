// The stand-in answers bad input with a 4xx and a message, and keeps serving; and it speaks to the real
// supabase-js as Supabase does.
import {Agent, request} from 'node:http'
import {createClient} from '@supabase/supabase-js'
import {SignJWT} from 'jose'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from './keys.ts'
import {latestLink, startTestSupabase, type TestSupabase} from './testing/testSupabase.ts'

let supabase: TestSupabase
let userToken: string

const validRequest = {
  name: 'Ravi',
  email: 'ravi@example.com',
  phone: '98765 43210',
  platforms: ['Python'],
  requirements: ['Automation'],
  description: 'Automate my option selling on Tradetron.',
  terms_accepted: true,
  ownership_confirmed: true,
}

const sign = (claims: Record<string, unknown>, {secret = DEMO_JWT_SECRET, expiresIn = '1h'} = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({alg: 'HS256'})
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret))

beforeAll(async () => {
  supabase = await startTestSupabase()
  const client = createClient(supabase.url, DEMO_ANON_KEY, {auth: {persistSession: false}})
  await client.auth.signUp({email: 'holder@example.com', password: 'correct horse'})
  await fetch(await latestLink(supabase.mailboxUrl, 'holder@example.com'), {redirect: 'manual'})
  const {data, error} = await client.auth.signInWithPassword({
    email: 'holder@example.com',
    password: 'correct horse',
  })
  if (error) throw error
  userToken = data.session!.access_token
})
afterAll(() => supabase.close())

type Case = {
  name: string
  path: string
  method?: string
  headers?: Record<string, string>
  body?: string | Blob | (() => Promise<string>)
  authorization?: () => Promise<string | undefined>
  status: number
  message: RegExp
}

const rest = '/rest/v1/free_estimate_requests'
const json = (value: unknown) => JSON.stringify(value)

const badRequests: Case[] = [
  {name: 'malformed JSON', path: rest, body: '{"name": ', status: 400, message: /invalid json/i},
  {name: 'an empty body', path: rest, body: '', status: 400, message: /invalid json/i},
  {
    name: 'a JSON string instead of a row',
    path: rest,
    body: json('hello'),
    status: 400,
    message: /invalid json/i,
  },
  {
    name: 'an empty list of rows',
    path: rest,
    body: json([]),
    status: 400,
    message: /invalid json/i,
  },
  {
    name: 'a list with a number in it',
    path: rest,
    body: json([validRequest, 3]),
    status: 400,
    message: /invalid json/i,
  },
  {
    name: 'an unknown column',
    path: rest,
    body: json({...validRequest, favourite_colour: 'green'}),
    status: 400,
    message: /favourite_colour/,
  },
  {
    name: 'platforms as a string',
    path: rest,
    body: json({...validRequest, platforms: 'Python'}),
    status: 400,
    message: /malformed array literal/,
  },
  {
    name: 'a boolean as a word',
    path: rest,
    body: json({...validRequest, terms_accepted: 'yes please'}),
    status: 400,
    message: /boolean/,
  },
  {
    name: 'a missing name',
    path: rest,
    body: json({...validRequest, name: undefined}),
    status: 400,
    message: /null value in column .{0,2}name/,
  },
  {
    name: 'a blank name',
    path: rest,
    body: json({...validRequest, name: '  '}),
    status: 400,
    message: /name_present/,
  },
  {
    name: 'terms not accepted',
    path: rest,
    body: json({...validRequest, terms_accepted: false}),
    status: 400,
    message: /terms_accepted_true/,
  },
  {
    name: 'an unknown platform',
    path: rest,
    body: json({...validRequest, platforms: ['MetaTrader']}),
    status: 400,
    message: /platforms_chosen/,
  },
  {
    name: 'an e-mail without @',
    path: rest,
    body: json({...validRequest, email: 'ravi.example.com'}),
    status: 400,
    message: /email_present/,
  },
  {
    name: 'an id that is not a uuid',
    path: rest,
    body: json({...validRequest, user_id: 'me'}),
    status: 400,
    message: /uuid/,
  },
  {
    name: 'a forged user_id from a visitor',
    path: rest,
    body: json({...validRequest, user_id: '00000000-0000-4000-8000-000000000001'}),
    status: 401,
    message: /row-level security/,
  },
  {
    name: 'an oversize body',
    path: rest,
    body: json({...validRequest, description: 'x'.repeat(1_100_000)}),
    status: 413,
    message: /too large \(max 1048576 bytes\)/,
  },
  {
    name: 'a row that is not UTF-8',
    path: rest,
    body: new Blob(['{"name": "', new Uint8Array([0xff, 0xfe]), '"}']),
    status: 400,
    message: /"code":"22021".*invalid byte sequence for encoding/,
  },
  {
    name: 'a NUL in a row',
    path: rest,
    body: json({...validRequest, description: 'a\u0000b'}),
    status: 400,
    message: /Unicode escape/,
  },
  {
    name: 'a row nested 10000 deep',
    path: rest,
    body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    status: 400,
    message: /nested deeper than 64 levels/,
  },
  {
    name: 'a select with a subquery',
    path: `${rest}?select=*,(select 1)`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message:
      /PGRST100.*failed to parse select parameter \(\*,\(select 1\)\)\\" \(line 1, column 3\)/,
  },
  {
    name: 'an order with a trailing word',
    path: `${rest}?order=created_at.asc.evil`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /PGRST100.*failed to parse order \(created_at.asc.evil\)\\" \(line 1, column 15\)/,
  },
  {
    name: 'a body that is not JSON by type',
    path: rest,
    headers: {'Content-Type': 'text/plain'},
    body: json(validRequest),
    status: 415,
    message: /Content-Type/,
  },
  {
    name: 'an unknown table',
    path: '/rest/v1/users',
    body: json(validRequest),
    status: 404,
    message: /Could not find the table/,
  },
  {
    name: 'another schema',
    path: rest,
    headers: {'Content-Profile': 'auth'},
    body: json(validRequest),
    status: 406,
    message: /schema must be/,
  },
  {
    name: 'an unsupported method',
    path: rest,
    method: 'PUT',
    body: json(validRequest),
    status: 405,
    message: /Unsupported HTTP method/,
  },
  {
    name: 'a select by a visitor',
    path: `${rest}?select=*`,
    method: 'GET',
    status: 401,
    message: /permission denied/,
  },
  {
    name: 'a select of an unknown column',
    path: `${rest}?select=secret`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /does not exist/,
  },
  {
    name: 'a bad order',
    path: `${rest}?order=name.sideways`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /failed to parse order/,
  },
  {
    name: 'a filter operator it does not know',
    path: `${rest}?name=sideways.R*`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /PGRST100.*failed to parse filter \(sideways.R\*\)/,
  },
  {
    name: 'a filter on an unknown column',
    path: `${rest}?secret=eq.1`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /does not exist/,
  },
  {
    name: 'a bad limit',
    path: `${rest}?limit=lots`,
    method: 'GET',
    authorization: async () => DEMO_SERVICE_ROLE_KEY,
    status: 400,
    message: /failed to parse limit/,
  },
  {
    name: 'a forged JWT',
    path: rest,
    body: json(validRequest),
    authorization: () =>
      sign({role: 'service_role'}, {secret: 'not-the-secret-not-the-secret-not-the-secret'}),
    status: 401,
    message: /JWT is invalid/,
  },
  {
    name: 'an expired JWT',
    path: rest,
    body: json(validRequest),
    authorization: () => sign({role: 'authenticated', sub: 'x', exp: 1}, {expiresIn: '-1h'}),
    status: 401,
    message: /JWT expired/,
  },
  {
    name: 'a JWT that is not one',
    path: rest,
    body: json(validRequest),
    authorization: async () => 'not.a.jwt',
    status: 401,
    message: /JWT is invalid/,
  },
  {
    name: 'a JWT with an unknown role',
    path: rest,
    body: json(validRequest),
    authorization: () => sign({role: 'postgres'}),
    status: 401,
    message: /role claim/,
  },
  {
    name: 'a missing API key',
    path: rest,
    headers: {apikey: ''},
    body: json(validRequest),
    status: 401,
    message: /No API key/,
  },
  {
    name: 'a wrong API key',
    path: rest,
    headers: {apikey: 'sb_publishable_wrong'},
    body: json(validRequest),
    status: 401,
    message: /Invalid API key/,
  },
  {
    name: 'sign-up without an e-mail (an anonymous sign-in)',
    path: '/auth/v1/signup',
    body: json({password: 'secret123'}),
    status: 422,
    message: /Anonymous sign-ins are disabled/,
  },
  {
    name: 'sign-up without a password',
    path: '/auth/v1/signup',
    body: json({email: 'nopass@example.com'}),
    status: 400,
    message: /requires a valid password/,
  },
  {
    name: 'sign-up with a NUL in the e-mail',
    path: '/auth/v1/signup',
    body: json({email: 'nul\u0000@example.com', password: 'secret123'}),
    status: 400,
    message: /NUL character/,
  },
  {
    name: 'sign-up with a NUL in the data',
    path: '/auth/v1/signup',
    body: json({email: 'nuldata@example.com', password: 'secret123', data: {name: 'a\u0000'}}),
    status: 400,
    message: /NUL character/,
  },
  {
    name: 'sign-up that is not UTF-8',
    path: '/auth/v1/signup',
    body: new Blob([
      '{"email": "',
      new Uint8Array([0xc3, 0x28]),
      '@example.com", "password": "secret123"}',
    ]),
    status: 400,
    message: /not valid UTF-8/,
  },
  {
    name: 'sign-up nested 10000 deep',
    path: '/auth/v1/signup',
    body: `{"email": "deep@example.com", "password": "secret123", "data": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    status: 400,
    message: /nested deeper than 64 levels/,
  },
  {
    name: 'sign-up with an oversize body',
    path: '/auth/v1/signup',
    body: json({
      email: 'big@example.com',
      password: 'secret123',
      data: {text: 'x'.repeat(1_100_000)},
    }),
    status: 413,
    message: /request_entity_too_large.*too large/,
  },
  {
    name: 'sign-up with a number for the e-mail',
    path: '/auth/v1/signup',
    body: json({email: 5, password: 'secret123'}),
    status: 400,
    message: /email should be a string/,
  },
  {
    name: 'sign-up with a malformed e-mail',
    path: '/auth/v1/signup',
    body: json({email: 'nobody', password: 'secret123'}),
    status: 400,
    message: /invalid format/,
  },
  {
    name: 'sign-up with a short password',
    path: '/auth/v1/signup',
    body: json({email: 'short@example.com', password: '123'}),
    status: 422,
    message: /at least 6 characters/,
  },
  {
    name: 'sign-up with malformed JSON',
    path: '/auth/v1/signup',
    body: '{',
    status: 400,
    message: /parse request body/,
  },
  {
    name: 'sign-up with a list as body',
    path: '/auth/v1/signup',
    body: json([1]),
    status: 400,
    message: /expected an object/,
  },
  {
    name: 'a token request of an unknown grant',
    path: '/auth/v1/token?grant_type=magic',
    body: json({}),
    status: 400,
    message: /unsupported_grant_type/,
  },
  {
    name: 'a password grant with numbers for fields',
    path: '/auth/v1/token?grant_type=password',
    body: json({email: 1, password: 2}),
    status: 400,
    message: /should be a string/,
  },
  {
    name: 'a refresh grant without a token',
    path: '/auth/v1/token?grant_type=refresh_token',
    body: json({}),
    status: 400,
    message: /refresh_token required/,
  },
  {
    name: 'a wrong password',
    path: '/auth/v1/token?grant_type=password',
    body: json({email: 'holder@example.com', password: 'wrong horse'}),
    status: 400,
    message: /Invalid login credentials/,
  },
  {
    name: 'an unknown refresh token',
    path: '/auth/v1/token?grant_type=refresh_token',
    body: json({refresh_token: 'nope'}),
    status: 400,
    message: /Refresh Token Not Found/,
  },
  {
    name: 'the user without a token',
    path: '/auth/v1/user',
    method: 'GET',
    authorization: async () => undefined,
    status: 401,
    message: /requires a valid Bearer token/,
  },
  {
    name: 'the user with a forged token',
    path: '/auth/v1/user',
    method: 'GET',
    authorization: () => sign({role: 'authenticated', sub: 'x'}, {secret: 'x'.repeat(40)}),
    status: 403,
    message: /invalid JWT/,
  },
  {
    name: 'the user with the anon key as token',
    path: '/auth/v1/user',
    method: 'GET',
    authorization: async () => DEMO_ANON_KEY,
    status: 403,
    message: /missing sub claim/,
  },
  {
    name: 'a new password that is too short',
    path: '/auth/v1/user',
    method: 'PUT',
    authorization: async () => userToken,
    body: json({password: 'abc'}),
    status: 422,
    message: /at least 6/,
  },
  {
    name: 'an e-mail change',
    path: '/auth/v1/user',
    method: 'PUT',
    authorization: async () => userToken,
    body: json({email: 'moved@example.com'}),
    status: 422,
    message:
      /feature_disabled.*e-mail address cannot be changed through this local Supabase stand-in/,
  },
  {
    name: 'an app_metadata change by the user',
    path: '/auth/v1/user',
    method: 'PUT',
    authorization: async () => userToken,
    body: json({app_metadata: {role: 'admin'}}),
    status: 403,
    message: /requires admin privileges/,
  },
  {
    name: 'user data that is not an object',
    path: '/auth/v1/user',
    method: 'PUT',
    authorization: async () => userToken,
    body: json({data: [1]}),
    status: 400,
    message: /data should be an object/,
  },
  {
    name: 'a logout of an unknown scope',
    path: '/auth/v1/logout?scope=galaxy',
    authorization: async () => userToken,
    body: '',
    status: 400,
    message: /scope/,
  },
  {
    name: 'an unknown auth endpoint',
    path: '/auth/v1/magiclink',
    body: json({}),
    status: 404,
    message: /not an endpoint/,
  },
  {
    name: 'a verify link of an unknown type',
    path: '/auth/v1/verify?type=invite&token=x',
    method: 'GET',
    status: 400,
    message: /verification type/,
  },
]

describe('bad input gets a 4xx with a message', () => {
  it.each(badRequests.map((testCase) => [testCase.name, testCase] as const))(
    '%s',
    async (_name, testCase) => {
      const authorization = testCase.authorization ? await testCase.authorization() : DEMO_ANON_KEY
      const body = typeof testCase.body === 'function' ? await testCase.body() : testCase.body
      const response = await fetch(`${supabase.url}${testCase.path}`, {
        method: testCase.method ?? 'POST',
        headers: {
          'apikey': DEMO_ANON_KEY,
          'Content-Type': 'application/json',
          ...(authorization ? {Authorization: `Bearer ${authorization}`} : {}),
          ...testCase.headers,
        },
        ...(body !== undefined && (testCase.method ?? 'POST') !== 'GET' ? {body} : {}),
      })
      const text = await response.text()
      expect(response.status, text).toBe(testCase.status)
      expect(text).toMatch(testCase.message)
    },
  )

  it('has at least 30 cases, and still serves after all of them', async () => {
    expect(badRequests.length).toBeGreaterThanOrEqual(30)
    const client = createClient(supabase.url, DEMO_ANON_KEY, {auth: {persistSession: false}})
    const {error} = await client.from('free_estimate_requests').insert(validRequest)
    expect(error).toBeNull()
  })

  it.each([
    ['PostgREST', '/rest/v1/free_estimate_requests', /"message":"Request body too large/],
    ['GoTrue', '/auth/v1/signup', /"code":"request_entity_too_large"/],
  ])(
    'answers a 50 MB body to %s with 413 and keeps the connection for the next request',
    async (_api, path, message) => {
      const agent = new Agent({keepAlive: true, maxSockets: 1})
      try {
        const big = await send(agent, 'POST', path, Buffer.alloc(50 * 1024 * 1024, 'x'))
        expect(big.status).toBe(413)
        expect(big.text).toMatch(message)
        const next = await send(agent, 'GET', '/health')
        expect(next.status).toBe(200)
        expect(next.reusedSocket).toBe(true)
      } finally {
        agent.destroy()
      }
    },
  )
})

/** One request through a keep-alive agent, saying whether it went over a connection already used. */
function send(agent: Agent, method: string, path: string, body?: Buffer) {
  return new Promise<{status: number; text: string; reusedSocket: boolean}>((resolve, reject) => {
    const req = request(
      `${supabase.url}${path}`,
      {agent, method, headers: {'apikey': DEMO_ANON_KEY, 'Content-Type': 'application/json'}},
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            text: Buffer.concat(chunks).toString(),
            reusedSocket: req.reusedSocket,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('with the real supabase-js', () => {
  const client = () => createClient(supabase.url, DEMO_ANON_KEY, {auth: {persistSession: false}})

  it('signs up with confirmation, refuses sign-in until the mailed link is opened, then signs in', async () => {
    const signUp = await client().auth.signUp({email: 'Meera@Example.com', password: 'secret123'})
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.email).toBe('meera@example.com')

    const early = await client().auth.signInWithPassword({
      email: 'meera@example.com',
      password: 'secret123',
    })
    expect(early.error?.message).toBe('Email not confirmed')
    expect(early.error?.code).toBe('email_not_confirmed')

    const confirm = await fetch(await latestLink(supabase.mailboxUrl, 'meera@example.com'), {
      redirect: 'manual',
    })
    expect(confirm.status).toBe(303)
    expect(confirm.headers.get('location')).toMatch(/#access_token=.+&type=signup$/)

    const signIn = await client().auth.signInWithPassword({
      email: 'meera@example.com',
      password: 'secret123',
    })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.email_confirmed_at).toEqual(expect.any(String))
  })

  it('answers a wrong password with Invalid login credentials', async () => {
    const {error} = await client().auth.signInWithPassword({
      email: 'holder@example.com',
      password: 'nope nope',
    })
    expect(error?.message).toBe('Invalid login credentials')
    expect(error?.code).toBe('invalid_credentials')
  })

  it('answers a taken address like a new one, without sending mail, so accounts cannot be probed', async () => {
    const {data, error} = await client().auth.signUp({
      email: 'holder@example.com',
      password: 'another1',
    })
    expect(error).toBeNull()
    expect(data.user?.identities).toEqual([])
  })

  it('resets a password through the mailed link, and the new password signs in', async () => {
    expect((await client().auth.resetPasswordForEmail('holder@example.com')).error).toBeNull()
    expect((await client().auth.resetPasswordForEmail('nobody@example.com')).error).toBeNull()
    const location = (
      await fetch(await latestLink(supabase.mailboxUrl, 'holder@example.com'), {redirect: 'manual'})
    ).headers.get('location')!
    const fragment = new URLSearchParams(location.split('#')[1])
    expect(fragment.get('type')).toBe('recovery')

    const recovering = client()
    await recovering.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect((await recovering.auth.updateUser({password: 'battery staple'})).error).toBeNull()
    const {error} = await client().auth.signInWithPassword({
      email: 'holder@example.com',
      password: 'battery staple',
    })
    expect(error).toBeNull()
  })

  it('refreshes a session and signs out', async () => {
    const signedIn = client()
    await signedIn.auth.signInWithPassword({email: 'meera@example.com', password: 'secret123'})
    const refreshed = await signedIn.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect((await signedIn.auth.getUser()).data.user?.email).toBe('meera@example.com')
    expect((await signedIn.auth.signOut()).error).toBeNull()
    const reused = await fetch(`${supabase.url}/auth/v1/user`, {
      headers: {
        apikey: DEMO_ANON_KEY,
        Authorization: `Bearer ${refreshed.data.session!.access_token}`,
      },
    })
    expect(reused.status).toBe(403)
  })

  it('inserts an estimate request as a visitor and lets only the service role read it back', async () => {
    const {error} = await client()
      .from('free_estimate_requests')
      .insert({...validRequest, email: 'readback@example.com'})
    expect(error).toBeNull()
    const visitorRead = await client().from('free_estimate_requests').select('*')
    expect(visitorRead.error?.code).toBe('42501')
    const service = createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {
      auth: {persistSession: false},
    })
    const {data} = await service
      .from('free_estimate_requests')
      .select('email, platforms')
      .order('created_at', {ascending: true})
    expect(data).toContainEqual({email: 'readback@example.com', platforms: ['Python']})
    const only = await service
      .from('free_estimate_requests')
      .select('email')
      .eq('email', 'readback@example.com')
    expect(only.data).toEqual([{email: 'readback@example.com'}])
  })

  it('keeps users and requests across a restart', async () => {
    supabase = await supabase.restart()
    const {error} = await client().auth.signInWithPassword({
      email: 'meera@example.com',
      password: 'secret123',
    })
    expect(error).toBeNull()
    const service = createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {
      auth: {persistSession: false},
    })
    const {data} = await service.from('free_estimate_requests').select('email')
    expect(data?.map((row) => row.email)).toContain('readback@example.com')
  })
})
