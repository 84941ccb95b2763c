// Why a change to a lead was not saved, in words for the person working it: never the database's or the
// library's own wording (a constraint's name, "permission denied for table …").
import {CONNECTION_FAILURE, isConnectionFailure} from '../auth/supabase.ts'

export type Failure = {code?: string; message: string}

export const NO_LONGER_STAFF =
  'This change was not saved: your account is no longer on the staff list. Reload the page to check.'

const BY_CODE: Record<string, string> = {
  // Permission refused: the session ended or the account was taken off the staff.
  '42501': NO_LONGER_STAFF,
  'PGRST301': 'Your session has ended. Sign in again, then make the change again.',
  'PGRST303': 'Your session has ended. Sign in again, then make the change again.',
  // The owner is not (or no longer) a staff member.
  '23503': 'That person is no longer staff. Reload the page and choose someone else.',
  '23514': 'Notes can be at most 10,000 characters.',
  '22001': 'Notes can be at most 10,000 characters.',
}

export function leadRefusal(failure: Failure): string {
  if (isConnectionFailure(failure.message)) return CONNECTION_FAILURE
  return (failure.code && BY_CODE[failure.code]) ?? 'This change was not saved. Please try again.'
}
