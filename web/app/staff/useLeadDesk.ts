// What the staff page works with, each asked of the database as it is needed: whether the signed-in user is staff
// (and the staff to hand a lead to), one page of the leads the filters match with how many match in all, the
// counts by source and campaign for the summary and the filters, one lead opened to work, saving a change to it,
// every matching lead for the CSV file, and how the lead mails stand. Row-level security decides what comes back: a user who is not staff
// reads no staff, and then nothing else is asked for. Answers to an older question than the latest are dropped.
import type {User} from '@supabase/supabase-js'
import {useEffect, useState} from 'react'
import {CONNECTION_FAILURE, isConnectionFailure, loadSupabase} from '../auth/supabase.ts'
import {
  LEAD_COLUMNS,
  ROW_COLUMNS,
  type Lead,
  type LeadChange,
  type LeadRow,
  type StaffMember,
} from './lead.ts'
import {ALL, NOT_RECORDED, pageRange, searchFilter, SORTS, type LeadQuery} from './leadQuery.ts'
import type {LeadMailHealth} from '@quantedge/supabase/leadMailHealth'
import {leadRefusal, NO_LONGER_STAFF, type Failure} from './leadRefusal.ts'
import type {SourceCount} from './sourceSummary.ts'

export type Access =
  | {state: 'loading'}
  | {state: 'not-staff'}
  | {state: 'failed'; message: string}
  | {state: 'ready'; staff: StaffMember[]}

export const loadFailure = (failure: Failure) =>
  isConnectionFailure(failure.message)
    ? CONNECTION_FAILURE
    : 'The leads could not be loaded. Reload the page to try again.'

async function loadAccess(user: User): Promise<Access> {
  const staff = await (await loadSupabase()).from('staff').select('user_id, email').order('email')
  if (staff.error) return {state: 'failed', message: loadFailure(staff.error)}
  const members = staff.data as StaffMember[]
  return members.some((member) => member.user_id === user.id)
    ? {state: 'ready', staff: members}
    : {state: 'not-staff'}
}

/** Runs `load` whenever `key` changes, keeping only the latest answer. */
function useLatest<T>(key: string, load: () => Promise<T>, initial: T, enabled = true) {
  const [value, setValue] = useState<{key: string; value: T} | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  useEffect(() => {
    if (!enabled) return
    let current = true
    setFailure(undefined)
    load().then(
      (loaded) => current && setValue({key, value: loaded}),
      (error: unknown) =>
        current &&
        setFailure(loadFailure({message: error instanceof Error ? error.message : String(error)})),
    )
    return () => {
      current = false
    }
    // `load` is made anew each render from what `key` names: `key` is its dependency.
  }, [key, enabled])
  return {value: value?.value ?? initial, fresh: value?.key === key, failure}
}

export function useStaffAccess(user: User): Access {
  const [access, setAccess] = useState<Access>({state: 'loading'})
  useEffect(() => {
    let current = true
    setAccess({state: 'loading'})
    loadAccess(user).then(
      (loaded) => current && setAccess(loaded),
      (error: unknown) =>
        current && setAccess({state: 'failed', message: loadFailure({message: String(error)})}),
    )
    return () => {
      current = false
    }
  }, [user])
  return access
}

type Filters = Pick<LeadQuery, 'status' | 'source' | 'campaign' | 'search'>

type Supabase = Awaited<ReturnType<typeof loadSupabase>>

/** The list's query, filtered as `filters` say (shared by a page and by the CSV's pages), not yet sent. */
function filteredLeads(
  supabase: Supabase,
  columns: string,
  {status, source, campaign, search}: Filters,
  count = false,
) {
  let query = supabase
    .from('free_estimate_requests')
    .select(columns, count ? {count: 'exact'} : undefined)
  if (status !== ALL) query = query.eq('status', status)
  if (source === NOT_RECORDED) query = query.is('first_source', null)
  else if (source !== ALL) query = query.eq('first_source', source)
  if (campaign !== ALL) query = query.eq('first_campaign', campaign)
  const matching = searchFilter(search)
  return matching ? query.or(matching) : query
}

export type LeadPage = {rows: LeadRow[]; total: number}

/** One page of the matching leads, in the chosen order, and how many match. */
export function useLeadPage(query: LeadQuery, version: number, enabled: boolean) {
  return useLatest<LeadPage>(
    JSON.stringify([query, version]),
    async () => {
      const {column, ascending} = SORTS[query.sort]
      const {from, to} = pageRange(query.page)
      const {data, error, count} = await filteredLeads(
        await loadSupabase(),
        ROW_COLUMNS,
        query,
        true,
      )
        .order(column, {ascending})
        .order('id')
        .range(from, to)
      if (error) throw new Error(error.message)
      return {rows: data as unknown as LeadRow[], total: count ?? 0}
    },
    {rows: [], total: 0},
    enabled,
  )
}

/** The counts by first source and campaign of the leads of a status that a search finds. */
export function useSourceCounts(query: LeadQuery, version: number, enabled: boolean) {
  return useLatest<SourceCount[]>(
    JSON.stringify([query.status, query.search, version]),
    async () => {
      const {data, error} = await (
        await loadSupabase()
      ).rpc('lead_sources', {
        status_filter: query.status === ALL ? null : query.status,
        search: searchFilter(query.search) ? query.search : null,
      })
      if (error) throw new Error(error.message)
      return data as SourceCount[]
    },
    [],
    enabled,
  )
}

/** How often an open page asks again how the lead mails stand. */
const MAIL_HEALTH_EVERY_MS = 60_000

/** How the lead mails stand (lead_mail_health), asked again each minute and after each saved change. */
export function useLeadMailHealth(version: number, enabled: boolean) {
  const [minute, setMinute] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setMinute((current) => current + 1), MAIL_HEALTH_EVERY_MS)
    return () => clearInterval(timer)
  }, [])
  return useLatest<LeadMailHealth | undefined>(
    JSON.stringify([version, minute]),
    async () => {
      const {data, error} = await (await loadSupabase()).rpc('lead_mail_health')
      if (error) throw new Error(error.message)
      return data as LeadMailHealth
    },
    undefined,
    enabled,
  )
}

/** One lead, whole, to work. */
export async function loadLead(id: string): Promise<Lead | undefined> {
  const {data, error} = await (
    await loadSupabase()
  )
    .from('free_estimate_requests')
    .select(LEAD_COLUMNS)
    .eq('id', id)
  if (error) throw new Error(error.message)
  return (data as unknown as Lead[])[0]
}

/** Answers the words to show when a change was refused, or the lead as saved. */
export type SaveLead = (
  id: string,
  change: LeadChange,
) => Promise<{refusal: string} | {saved: Lead}>

export const saveLead: SaveLead = async (id, change) => {
  try {
    const {data, error} = await (
      await loadSupabase()
    )
      .from('free_estimate_requests')
      .update(change)
      .eq('id', id)
      .select(LEAD_COLUMNS)
    if (error) return {refusal: leadRefusal(error)}
    const saved = (data as unknown as Lead[])[0]
    // No row came back: the policies no longer let this account see the lead.
    return saved ? {saved} : {refusal: NO_LONGER_STAFF}
  } catch (error) {
    return {refusal: leadRefusal({message: error instanceof Error ? error.message : String(error)})}
  }
}

/** Every lead the filters match, whole, in the chosen order: a thousand a request, as PostgREST pages them. */
export async function allMatchingLeads(query: LeadQuery): Promise<Lead[]> {
  const leads: Lead[] = []
  const {column, ascending} = SORTS[query.sort]
  const supabase = await loadSupabase()
  for (let from = 0; ; from += 1000) {
    const {data, error} = await filteredLeads(supabase, LEAD_COLUMNS, query)
      .order(column, {ascending})
      .order('id')
      .range(from, from + 999)
    if (error) throw new Error(error.message)
    const page = data as unknown as Lead[]
    leads.push(...page)
    if (page.length < 1000) return leads
  }
}
