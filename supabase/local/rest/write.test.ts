// PostgREST's PATCH and DELETE with filters, and GET's filters, through the stand-in and the real supabase-js, on
// the leads staff work: what each role may change is the migrations' grants and policies, answered with
// PostgREST's statuses and codes (42501: 401 for the anon key, 403 for a user's token).
import {createClient, type SupabaseClient} from '@supabase/supabase-js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from '../testing/testSupabase.ts'
import {signAccessToken} from '../tokens.ts'
import {aLead} from '../../migrations/testRequests.ts'

let supabase: TestSupabase
let seller: SupabaseClient
let buyer: SupabaseClient
let visitor: SupabaseClient
let service: SupabaseClient
const SELLER = '00000000-0000-4000-8000-00000000000a'
const BUYER = '00000000-0000-4000-8000-00000000000b'

const clientAs = async (sub: string) => {
  const {token} = await signAccessToken(
    DEMO_JWT_SECRET,
    'write.test',
    {role: 'authenticated', sub, aud: 'authenticated'},
    3600,
  )
  return createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false, autoRefreshToken: false},
    global: {headers: {Authorization: `Bearer ${token}`}},
  })
}

/** Sends a lead as the form does (from its own address, past the throttle) and answers its id. */
let visits = 0
async function sendLead(email: string, name = aLead().name) {
  visits += 1
  const {error} = await visitorClient(supabase.url, `127.0.1.${visits}`)
    .from('free_estimate_requests')
    .insert({...aLead(email), name})
  expect(error).toBeNull()
  const {data} = await service.from('free_estimate_requests').select('id').eq('email', email)
  return (data as {id: string}[])[0]!.id
}

const leadRow = async (id: string) => {
  const {data} = await service.from('free_estimate_requests').select('*').eq('id', id)
  return (data as Record<string, unknown>[])[0]
}

beforeAll(async () => {
  supabase = await startTestSupabase()
  await supabase.db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller@example.com', 'x'), ($2, 'buyer@example.com', 'x')`,
    [SELLER, BUYER],
  )
  service = createClient(supabase.url, DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})
  const {error} = await service.from('staff').insert({user_id: SELLER})
  expect(error).toBeNull()
  seller = await clientAs(SELLER)
  buyer = await clientAs(BUYER)
  visitor = visitorClient(supabase.url)
})
afterAll(() => supabase.close())

describe('PATCH', () => {
  it('changes the matched lead and answers the selected columns with return=representation', async () => {
    const id = await sendLead('patch-1@example.com')
    const {data, error, status} = await seller
      .from('free_estimate_requests')
      .update({status: 'contacted', notes: 'Called; wants a quote.'})
      .eq('id', id)
      .select('id, status, notes')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([{id, status: 'contacted', notes: 'Called; wants a quote.'}])
  })

  it('answers 204 without a body by default, and the change is stored', async () => {
    const id = await sendLead('patch-2@example.com')
    const {data, error, status} = await seller
      .from('free_estimate_requests')
      .update({owner: SELLER})
      .eq('id', id)
    expect({data, error, status}).toEqual(
      expect.objectContaining({data: null, error: null, status: 204}),
    )
    expect(await leadRow(id)).toMatchObject({owner: SELLER, status: 'new'})
  })

  it('changes nothing for a signed-in user who is not staff: no row matches', async () => {
    const id = await sendLead('patch-3@example.com')
    const {data, error} = await buyer
      .from('free_estimate_requests')
      .update({status: 'won'})
      .eq('id', id)
      .select()
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await leadRow(id)).toMatchObject({status: 'new'})
  })

  it('refuses a column staff may not change with 403 42501, and a visitor with 401', async () => {
    const id = await sendLead('patch-4@example.com')
    const byStaff = await seller
      .from('free_estimate_requests')
      .update({name: 'Forged'})
      .eq('id', id)
    expect(byStaff.status).toBe(403)
    expect(byStaff.error).toMatchObject({
      code: '42501',
      message: expect.stringMatching(/permission denied/),
    })
    const byVisitor = await visitor
      .from('free_estimate_requests')
      .update({status: 'won'})
      .eq('id', id)
    expect(byVisitor.status).toBe(401)
    expect(byVisitor.error?.code).toBe('42501')
    expect(await leadRow(id)).toMatchObject({name: 'Asha Rao', status: 'new'})
  })

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a status that is not one', {status: 'maybe'}, 400, '22P02'],
    ['an owner who is not staff', {owner: BUYER}, 409, '23503'],
    ['notes over the limit', {notes: 'x'.repeat(10_001)}, 400, '23514'],
    ['a column the table does not have', {stage: 'won'}, 400, 'PGRST204'],
  ])('refuses %s with Postgres’ or PostgREST’s code', async (_what, values, status, code) => {
    const id = await sendLead(`patch-${code}@example.com`)
    const answer = await seller.from('free_estimate_requests').update(values).eq('id', id)
    expect([answer.status, answer.error?.code]).toEqual([status, code])
  })

  it('refuses an update without a filter (pg-safeupdate, as on Supabase)', async () => {
    const answer = await seller.from('free_estimate_requests').update({status: 'lost'})
    expect([answer.status, answer.error?.code, answer.error?.message]).toEqual([
      400,
      '21000',
      'UPDATE requires a WHERE clause',
    ])
  })
  it('refuses a limited update (limit and order), which this stand-in does not do, instead of ignoring it', async () => {
    const id = await sendLead('patch-limit@example.com')
    const answer = await seller
      .from('free_estimate_requests')
      .update({status: 'won'})
      .eq('id', id)
      .order('created_at')
      .limit(1)
    expect([answer.status, answer.error?.code]).toEqual([400, 'PGRST100'])
    expect(await leadRow(id)).toMatchObject({status: 'new'})
  })
})

describe('filters', () => {
  it('read as PostgREST reads them: eq, neq, in with quoted commas, is, like, ilike, gt and not', async () => {
    const ids = [
      await sendLead('filter-a@example.com', 'Ravi, Kumar'),
      await sendLead('filter-b@example.com', 'Meera Nair'),
      await sendLead('filter-c@example.com', 'meena iyer'),
    ]
    await seller.from('free_estimate_requests').update({status: 'won'}).eq('id', ids[1]!)
    const matching = () => seller.from('free_estimate_requests').select('name').in('id', ids)
    const names = async (query: ReturnType<typeof matching>) =>
      ((await query.order('created_at', {ascending: true})).data ?? []).map((row) => row.name)
    expect(await names(matching().eq('status', 'won'))).toEqual(['Meera Nair'])
    expect(await names(matching().neq('status', 'won'))).toEqual(['Ravi, Kumar', 'meena iyer'])
    expect(await names(matching().in('name', ['Ravi, Kumar', 'meena iyer']))).toEqual([
      'Ravi, Kumar',
      'meena iyer',
    ])
    expect(await names(matching().is('owner', null))).toHaveLength(3)
    expect(await names(matching().like('name', 'Me*'))).toEqual(['Meera Nair'])
    expect(await names(matching().ilike('name', 'me*'))).toEqual(['Meera Nair', 'meena iyer'])
    expect(await names(matching().not('status', 'in', '(won,lost)'))).toEqual([
      'Ravi, Kumar',
      'meena iyer',
    ])
    expect(await names(matching().gt('created_at', '2000-01-01T00:00:00Z'))).toHaveLength(3)
  })

  it('orders newest first and picks columns', async () => {
    const {data} = await seller
      .from('free_estimate_requests')
      .select('created_at, email')
      .order('created_at', {ascending: false})
      .limit(2)
    const rows = data as {created_at: string; email: string}[]
    expect(Object.keys(rows[0]!)).toEqual(['created_at', 'email'])
    expect(Date.parse(rows[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(rows[1]!.created_at))
  })

  it.each([
    ['an operator PostgREST does not have', 'status=sideways.won', 400, 'PGRST100'],
    ['an is value it does not take', 'owner=is.nobody', 400, 'PGRST100'],
    ['a list without parentheses', 'status=in.won,lost', 400, 'PGRST100'],
    ['a column the table does not have', 'stage=eq.won', 400, '42703'],
    ['a value the column cannot hold', 'id=eq.not-a-uuid', 400, '22P02'],
  ])('refuse %s', async (_what, query, status, code) => {
    const {token} = await signAccessToken(
      DEMO_JWT_SECRET,
      'write.test',
      {role: 'authenticated', sub: SELLER},
      60,
    )
    const response = await fetch(`${supabase.url}/rest/v1/free_estimate_requests?${query}`, {
      headers: {apikey: DEMO_ANON_KEY, Authorization: `Bearer ${token}`},
    })
    expect(response.status).toBe(status)
    expect(((await response.json()) as {code: string}).code).toBe(code)
  })
})

describe('DELETE', () => {
  it('removes a staff member for the service role, answering the row', async () => {
    await supabase.db.query(
      "insert into auth.users (id, email, encrypted_password) values ($1, 'temp@example.com', 'x')",
      ['00000000-0000-4000-8000-00000000000c'],
    )
    await service.from('staff').insert({user_id: '00000000-0000-4000-8000-00000000000c'})
    const {data, error} = await service
      .from('staff')
      .delete()
      .eq('user_id', '00000000-0000-4000-8000-00000000000c')
      .select('email')
    expect(error).toBeNull()
    expect(data).toEqual([{email: 'temp@example.com'}])
  })

  it('is refused to staff (403) and visitors (401); nothing is removed', async () => {
    const id = await sendLead('delete-1@example.com')
    const byStaff = await seller.from('free_estimate_requests').delete().eq('id', id)
    expect([byStaff.status, byStaff.error?.code]).toEqual([403, '42501'])
    const byVisitor = await visitor.from('staff').delete().eq('user_id', SELLER)
    expect([byVisitor.status, byVisitor.error?.code]).toEqual([401, '42501'])
    expect(await leadRow(id)).toMatchObject({id})
  })

  it('refuses a delete without a filter', async () => {
    const answer = await service.from('staff').delete()
    expect([answer.status, answer.error?.code]).toEqual([400, '21000'])
  })
})
