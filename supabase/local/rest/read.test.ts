// PostgREST's reads through the stand-in and the real supabase-js, as the staff page sends them at a season's
// volume: logical operators (`.or()`, nested, negated, quoted values), pages with their range headers and an exact
// count (206 for part of the rows, 416 past the end), a single row as an object (`.single()`), and HEAD for a count
// alone (https://docs.postgrest.org/en/latest/references/api/tables_views.html#logical-operators,
// …/pagination_count.html, …/resource_representation.html#singular-or-plural).
import {createClient, type SupabaseClient} from '@supabase/supabase-js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from '../testing/testSupabase.ts'
import {signAccessToken} from '../tokens.ts'
import {aLead} from '../../migrations/testRequests.ts'

let supabase: TestSupabase
let seller: SupabaseClient
const SELLER = '00000000-0000-4000-8000-00000000000a'
const NAMES = ['Asha Rao', 'Ravi, Kumar', 'Meera (Nair)', 'meena iyer', 'Vikram Shah']

beforeAll(async () => {
  supabase = await startTestSupabase()
  await supabase.db.query(
    `insert into auth.users (id, email, encrypted_password) values ($1, 'seller@example.com', 'x')`,
    [SELLER],
  )
  const service = createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})
  expect((await service.from('staff').insert({user_id: SELLER})).error).toBeNull()
  for (const [index, name] of NAMES.entries()) {
    const {error} = await visitorClient(supabase.url, `127.0.2.${index + 1}`)
      .from('free_estimate_requests')
      .insert({...aLead(`read-${index}@example.com`), name, phone: `+91 90000 0000${index}`})
    expect(error).toBeNull()
  }
  const {token} = await signAccessToken(
    DEMO_JWT_SECRET,
    'read.test',
    {role: 'authenticated', sub: SELLER, aud: 'authenticated'},
    3600,
  )
  seller = createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false, autoRefreshToken: false},
    global: {headers: {Authorization: `Bearer ${token}`}},
  })
})
afterAll(() => supabase.close())

const leads = () => seller.from('free_estimate_requests').select('name').order('name')
const names = (rows: unknown) => (rows as {name: string}[]).map(({name}) => name)

describe('logical operators', () => {
  it('match any of the filters in or(…), and all in and(…), nested and negated', async () => {
    const search = (term: string) =>
      `name.ilike.*${term}*,email.ilike.*${term}*,phone.ilike.*${term}*`
    expect(names((await leads().or(search('mee'))).data)).toEqual(['Meera (Nair)', 'meena iyer'])
    expect(names((await leads().or(search('read-4'))).data)).toEqual(['Vikram Shah'])
    expect(names((await leads().or(search('00003'))).data)).toEqual(['meena iyer'])
    const nested = (nameLike: string) =>
      leads().or(`name.eq.Asha Rao,and(name.ilike.*${nameLike}*,email.eq.read-4@example.com)`)
    expect(names((await nested('v')).data)).toEqual(['Asha Rao', 'Vikram Shah'])
    expect(names((await nested('z')).data)).toEqual(['Asha Rao'])
    const negated = await fetch(
      `${supabase.url}/rest/v1/free_estimate_requests?select=name&order=name&not.or=(name.ilike.*sh*,name.ilike.*mee*)`,
      {headers: {apikey: DEMO_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`}},
    )
    expect(names(await negated.json())).toEqual(['Ravi, Kumar'])
  })

  it('take values with commas and parentheses in double quotes', async () => {
    expect(names((await leads().or('name.eq."Ravi, Kumar",name.eq."Meera (Nair)"')).data)).toEqual([
      'Meera (Nair)',
      'Ravi, Kumar',
    ])
  })

  it('refuse a tree that does not parse, as PostgREST does', async () => {
    const {error, status} = await leads().or('name.eq.x,(')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST100')
  })
})

describe('pages and counts', () => {
  it('answer a page with its range, and with count=exact how many match, 206 for part of them', async () => {
    const page = await seller
      .from('free_estimate_requests')
      .select('name', {count: 'exact'})
      .order('name')
      .range(1, 2)
    expect(page.status).toBe(206)
    expect(page.count).toBe(5)
    expect(names(page.data)).toEqual(['Meera (Nair)', 'Ravi, Kumar'])
    const whole = await seller.from('free_estimate_requests').select('name', {count: 'exact'})
    expect(whole.status).toBe(200)
    expect(whole.count).toBe(5)
  })

  it('count what the filters match, and answer HEAD with the count alone', async () => {
    const head = await seller
      .from('free_estimate_requests')
      .select('*', {count: 'exact', head: true})
      .ilike('name', 'me*')
    expect(head.error).toBeNull()
    expect(head.count).toBe(2)
    expect(head.data).toBeNull()
  })

  it('refuse an offset past the end with 416', async () => {
    const past = await seller
      .from('free_estimate_requests')
      .select('name', {count: 'exact'})
      .range(10, 19)
    expect(past.status).toBe(416)
    expect(past.error?.code).toBe('PGRST103')
  })

  it('say which rows every answer holds, in Content-Range', async () => {
    const response = await fetch(
      `${supabase.url}/rest/v1/free_estimate_requests?select=name&limit=2`,
      {
        headers: {apikey: DEMO_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`},
      },
    )
    expect(response.headers.get('content-range')).toBe('0-1/*')
  })
})

describe('a single row', () => {
  it('comes as an object when exactly one matches, else 406 (PGRST116)', async () => {
    const one = await seller
      .from('free_estimate_requests')
      .select('name')
      .eq('name', 'Asha Rao')
      .single()
    expect(one.data).toEqual({name: 'Asha Rao'})
    const many = await seller.from('free_estimate_requests').select('name').single()
    expect(many.status).toBe(406)
    expect(many.error?.code).toBe('PGRST116')
  })
})
