// A lead as staff read it: a row of public.free_estimate_requests (supabase/migrations: 20261121000000 and the
// lead-working columns of 20261203000000), and a staff member as public.staff holds them (20261204000000).
import type {EstimateRequest} from '../estimate/estimateRequest.ts'

export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const

export type LeadStatus = (typeof LEAD_STATUSES)[number]

/** What the visitor sent (but the consent flags every lead has set), and what staff keep on it. */
export type Lead = Omit<EstimateRequest, 'terms_accepted' | 'ownership_confirmed'> & {
  id: string
  created_at: string
  status: LeadStatus
  owner: string | null
  notes: string | null
  updated_at: string
}

/** What staff change on a lead; nothing else is theirs to change (the migration's column grants). */
export type LeadChange = Partial<Pick<Lead, 'status' | 'owner' | 'notes'>>

export type StaffMember = {user_id: string; email: string | null}

/** The columns the staff page reads: all a lead's fields but the consent flags every lead has set. */
export const LEAD_COLUMNS =
  'id, created_at, name, email, phone, platforms, requirements, description, status, owner, notes, updated_at'

/** The notes' limit, as the migration's notes_bounded check has it. */
export const NOTES_MAX_LENGTH = 10_000

export const statusLabel = (status: LeadStatus) => status[0]!.toUpperCase() + status.slice(1)
