// One set of rules: every check constraint of free_estimate_requests, read from the database the production
// migration made, is walked with inputs that break it. For each on what the visitor types, the database (through
// supabase-js and supabase/local) refuses the row, the form refuses the same input first with words beside the
// field, and should the service's refusal still reach the visitor, it reads as a sentence without the constraint's
// name. For each on where the visit came from (attribution/touch.ts reads it from the address), the database
// refuses what a link could carry, and takes what the site's own reading of that link makes of it.
import {createClient} from '@supabase/supabase-js'
import {fetchFrom} from '@quantedge/supabase/local/testing/boundFetch'
import {DEMO_ANON_KEY} from '@quantedge/supabase/local/keys'
import {startTestSupabase, type TestSupabase} from '@quantedge/supabase/local/testing/testSupabase'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  FIELD_MESSAGES,
  MAX_LENGTH,
  toRow,
  validateEstimateRequest,
  type EstimateField,
  type EstimateRequest,
} from './estimateRequest.ts'
import {describeRefusal} from './refusal.ts'
import {campaignValue, pagePath} from '../attribution/touch.ts'

const complete: EstimateRequest = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: 'Backtest my rules.',
  terms_accepted: true,
  ownership_confirmed: true,
}

const over = (limit: number) => 'x'.repeat(limit + 1)

/** For each check constraint: inputs that break it, the field the form marks, and the words it shows there. */
const BREAKING_INPUTS: Record<
  string,
  Array<{change: Partial<EstimateRequest>; field: EstimateField; words: string}>
> = {
  name_present: [
    {change: {name: ' \t'}, field: 'name', words: FIELD_MESSAGES.required},
    {change: {name: over(MAX_LENGTH.name)}, field: 'name', words: 'Use at most 200 characters'},
  ],
  email_present: [
    {change: {email: 'asha'}, field: 'email', words: FIELD_MESSAGES.email},
    {change: {email: 'asha rao@example.com'}, field: 'email', words: FIELD_MESSAGES.email},
    {
      change: {email: `${over(MAX_LENGTH.email - '@example.com'.length)}@example.com`},
      field: 'email',
      words: 'Use at most 254 characters',
    },
  ],
  phone_present: [
    {change: {phone: '  '}, field: 'phone', words: FIELD_MESSAGES.required},
    {change: {phone: over(MAX_LENGTH.phone)}, field: 'phone', words: 'Use at most 40 characters'},
  ],
  platforms_chosen: [
    {change: {platforms: []}, field: 'platforms', words: FIELD_MESSAGES.selectOne},
  ],
  requirements_chosen: [
    {change: {requirements: []}, field: 'requirements', words: FIELD_MESSAGES.selectOne},
  ],
  description_present: [
    {change: {description: '\n'}, field: 'description', words: FIELD_MESSAGES.required},
    {
      change: {description: over(MAX_LENGTH.description)},
      field: 'description',
      words: 'Use at most 5,000 characters',
    },
  ],
  terms_accepted_true: [
    {change: {terms_accepted: false}, field: 'terms_accepted', words: FIELD_MESSAGES.required},
  ],
  ownership_confirmed_true: [
    {
      change: {ownership_confirmed: false},
      field: 'ownership_confirmed',
      words: FIELD_MESSAGES.required,
    },
  ],
}

/** For each attribution check: what a link could carry, and the site's reading of it (touch.ts). */
const HOSTILE = '<script>alert("x")</script>'
const campaignInput = (column: string) => ({column, raw: HOSTILE, read: campaignValue(HOSTILE)})
const ATTRIBUTION_INPUTS: Record<string, {column: string; raw: string; read: string | null}> = {
  ...Object.fromEntries(
    ['first', 'last'].flatMap((touch) =>
      ['source', 'medium', 'campaign', 'term', 'content'].map((part) => [
        `${touch}_${part}_bounded`,
        campaignInput(`${touch}_${part}`),
      ]),
    ),
  ),
  ...Object.fromEntries(
    ['first_landing_page', 'last_landing_page', 'form_page'].map((column) => [
      `${column}_bounded`,
      {column, raw: '/contactus"><img src=x onerror=alert(1)>', read: pagePath('/contactus"><img')},
    ]),
  ),
  ...Object.fromEntries(
    ['first', 'last'].flatMap((touch) => [
      [
        `${touch}_click_id_bounded`,
        {column: `${touch}_click_id`, raw: 'gclid:<b>', read: 'gclid:b'},
      ],
      [
        `${touch}_referrer_host_bounded`,
        {column: `${touch}_referrer_host`, raw: 'EVIL.example/<x>', read: 'evil.example'},
      ],
    ]),
  ),
}

let supabase: TestSupabase
let constraints: string[]

beforeAll(async () => {
  supabase = await startTestSupabase()
  // The checks on what a visitor sends: the columns anon may insert (staff's own columns have checks of theirs).
  const {rows} = await supabase.db.query<{conname: string}>(
    `select distinct c.conname from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.conrelid = 'public.free_estimate_requests'::regclass and c.contype = 'c'
       and has_column_privilege('anon', c.conrelid, a.attnum, 'INSERT')
     order by c.conname`,
  )
  constraints = rows.map((row) => row.conname)
})
afterAll(() => supabase.close())

const visitor = () => createClient(supabase.url, DEMO_ANON_KEY, {auth: {persistSession: false}})

it('has a breaking input for every check constraint on what a visitor sends', () => {
  expect(constraints.length).toBeGreaterThan(0)
  expect([...Object.keys(BREAKING_INPUTS), ...Object.keys(ATTRIBUTION_INPUTS)].sort()).toEqual(
    constraints,
  )
})

/** A visitor from an address of its own, so that the flood throttle (tested apart) counts none of these rows. */
let addresses = 0
const visitorOfItsOwn = () =>
  createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false},
    global: {fetch: fetchFrom(`127.0.3.${(addresses += 1)}`)},
  })

describe.each(Object.entries(ATTRIBUTION_INPUTS))('%s', (constraint, {column, raw, read}) => {
  it('refuses what a link could carry, and takes the site’s reading of it', async () => {
    const visitor = visitorOfItsOwn()
    const refused = await visitor
      .from('free_estimate_requests')
      .insert({...toRow(complete), [column]: raw})
    expect(refused.error?.code).toBe('23514')
    expect(refused.error?.message).toContain(`"${constraint}"`)
    expect(describeRefusal(refused.error!).message).not.toContain(constraint)
    const taken = await visitor
      .from('free_estimate_requests')
      .insert({...toRow(complete), email: `${column}@example.com`, [column]: read})
    expect(taken.error).toBeNull()
  })
})

describe.each(Object.entries(BREAKING_INPUTS))('%s', (constraint, inputs) => {
  it.each(inputs.map((input) => [JSON.stringify(input.change).slice(0, 60), input] as const))(
    'refused by the table, and first by the form in words: %s',
    async (_label, {change, field, words}) => {
      const request = {...complete, ...change}
      const {error} = await visitor().from('free_estimate_requests').insert(toRow(request))
      expect(error?.code).toBe('23514')
      expect(error?.message).toContain(`"${constraint}"`)

      expect(validateEstimateRequest(request)).toEqual({[field]: words})

      const refusal = describeRefusal(error!)
      expect(refusal.field).toBe(field)
      expect(refusal.message).toMatch(/^[A-Z].*\.$/)
      expect(refusal.message).not.toContain(constraint)
      expect(refusal.message).not.toContain('free_estimate_requests')
    },
  )
})

it('lets the limits themselves through: the form and the table agree on each number', async () => {
  const longest = {
    ...complete,
    name: 'x'.repeat(MAX_LENGTH.name),
    email: `${'x'.repeat(MAX_LENGTH.email - '@example.com'.length)}@example.com`,
    phone: 'x'.repeat(MAX_LENGTH.phone),
    description: 'x'.repeat(MAX_LENGTH.description),
  }
  expect(validateEstimateRequest(longest)).toEqual({})
  const {error} = await visitor().from('free_estimate_requests').insert(toRow(longest))
  expect(error).toBeNull()
})

it('words the throttle’s refusal as the visitor should read it', async () => {
  const sameSender = createClient(supabase.url, DEMO_ANON_KEY, {
    auth: {persistSession: false},
    global: {fetch: fetchFrom('127.0.0.7')},
  })
  const request = toRow({...complete, email: 'eager@example.com'})
  let refused
  for (let attempt = 0; attempt < 20 && !refused; attempt += 1)
    refused = (await sameSender.from('free_estimate_requests').insert(request)).error
  expect(refused?.code).toBe('PT429')
  expect(describeRefusal(refused!)).toEqual({
    message: 'Too many requests, please try again in a few minutes',
  })
})

it('words any other refusal as a sentence, never the service’s internals', () => {
  const refusal = describeRefusal({
    code: '42501',
    message: 'new row violates row-level security policy for table "free_estimate_requests"',
  })
  expect(refusal).toEqual({
    message: 'Your request could not be sent. Please try again in a moment.',
  })
  expect(describeRefusal({message: 'TypeError: Failed to fetch'}).message).toBe(
    'Could not reach the server. Check your connection and try again.',
  )
})
