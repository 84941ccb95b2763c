// What the staff page works with: whether the signed-in user is staff, the leads newest first, the staff to
// hand a lead to, and saving a change to a lead. Row-level security decides what comes back: a user who is not
// staff reads no staff (public.staff shows the list to staff only), and then nothing else is asked for.
import type {User} from '@supabase/supabase-js'
import {useCallback, useEffect, useState} from 'react'
import {CONNECTION_FAILURE, isConnectionFailure, loadSupabase} from '../auth/supabase.ts'
import {LEAD_COLUMNS, type Lead, type LeadChange, type StaffMember} from './lead.ts'
import {leadRefusal, NO_LONGER_STAFF, type Failure} from './leadRefusal.ts'

export type Desk =
  | {state: 'loading'}
  | {state: 'not-staff'}
  | {state: 'failed'; message: string}
  | {state: 'ready'; leads: Lead[]; staff: StaffMember[]}

const loadFailure = (failure: Failure) =>
  isConnectionFailure(failure.message)
    ? CONNECTION_FAILURE
    : 'The leads could not be loaded. Reload the page to try again.'

async function loadDesk(user: User): Promise<Desk> {
  const supabase = await loadSupabase()
  const staff = await supabase.from('staff').select('user_id, email').order('email')
  if (staff.error) return {state: 'failed', message: loadFailure(staff.error)}
  const members = staff.data as StaffMember[]
  if (!members.some((member) => member.user_id === user.id)) return {state: 'not-staff'}
  const leads = await supabase
    .from('free_estimate_requests')
    .select(LEAD_COLUMNS)
    .order('created_at', {ascending: false})
  if (leads.error) return {state: 'failed', message: loadFailure(leads.error)}
  return {state: 'ready', leads: leads.data as Lead[], staff: members}
}

/** Answers the words to show when a change was refused, or null once it is saved. */
export type SaveLead = (id: string, change: LeadChange) => Promise<string | null>

export function useLeadDesk(user: User): {desk: Desk; save: SaveLead} {
  const [desk, setDesk] = useState<Desk>({state: 'loading'})

  useEffect(() => {
    let active = true
    setDesk({state: 'loading'})
    loadDesk(user).then(
      (loaded) => active && setDesk(loaded),
      (error: unknown) =>
        active && setDesk({state: 'failed', message: loadFailure({message: String(error)})}),
    )
    return () => {
      active = false
    }
  }, [user])

  const save = useCallback<SaveLead>(async (id, change) => {
    try {
      const {data, error} = await (
        await loadSupabase()
      )
        .from('free_estimate_requests')
        .update(change)
        .eq('id', id)
        .select(LEAD_COLUMNS)
      if (error) return leadRefusal(error)
      const saved = (data as Lead[])[0]
      // No row came back: the policies no longer let this account see the lead.
      if (!saved) return NO_LONGER_STAFF
      setDesk((current) =>
        current.state === 'ready'
          ? {...current, leads: current.leads.map((lead) => (lead.id === id ? saved : lead))}
          : current,
      )
      return null
    } catch (error) {
      return leadRefusal({message: error instanceof Error ? error.message : String(error)})
    }
  }, [])

  return {desk, save}
}
