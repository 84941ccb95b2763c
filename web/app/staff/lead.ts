// A lead as staff read it: a row of public.free_estimate_requests (supabase/migrations: 20261121000000, the
// lead-working columns of 20261203000000 and where it came from, 20261210000000), and a staff member as
// public.staff holds them (20261204000000).
import type {EstimateRequest} from '../estimate/estimateRequest.ts'

export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const

export type LeadStatus = (typeof LEAD_STATUSES)[number]

/** Where a lead came from (its first and last touch, and the form's page: 20261210000000_lead_attribution.sql). */
export const ATTRIBUTION_COLUMNS = [
  'first_source',
  'first_medium',
  'first_campaign',
  'first_term',
  'first_content',
  'first_click_id',
  'first_landing_page',
  'first_referrer_host',
  'last_source',
  'last_medium',
  'last_campaign',
  'last_term',
  'last_content',
  'last_click_id',
  'last_landing_page',
  'last_referrer_host',
  'form_page',
] as const

export type Attribution = Record<(typeof ATTRIBUTION_COLUMNS)[number], string | null>

/** What the visitor sent (but the consent flags every lead has set), where it came from, and staff's work on it. */
export type Lead = Omit<EstimateRequest, 'terms_accepted' | 'ownership_confirmed'> &
  Attribution & {
    id: string
    created_at: string
    status: LeadStatus
    owner: string | null
    notes: string | null
    updated_at: string
  }

/** A lead as the list shows it: a row each. */
export type LeadRow = Pick<
  Lead,
  | 'id'
  | 'created_at'
  | 'name'
  | 'email'
  | 'phone'
  | 'status'
  | 'owner'
  | 'first_source'
  | 'first_campaign'
>

/** What staff change on a lead; nothing else is theirs to change (the migration's column grants). */
export type LeadChange = Partial<Pick<Lead, 'status' | 'owner' | 'notes'>>

export type StaffMember = {user_id: string; email: string | null}

/** The columns of one lead opened to work: all its fields but the consent flags every lead has set. */
export const LEAD_COLUMNS = [
  'id, created_at, name, email, phone, platforms, requirements, description, status, owner, notes, updated_at',
  ...ATTRIBUTION_COLUMNS,
].join(', ')

/** The columns of the list's rows: what a row shows, and no more bytes than that. */
export const ROW_COLUMNS =
  'id, created_at, name, email, phone, status, owner, first_source, first_campaign'

/** The notes' limit, as the migration's notes_bounded check has it. */
export const NOTES_MAX_LENGTH = 10_000

export const statusLabel = (status: LeadStatus) => status[0]!.toUpperCase() + status.slice(1)
