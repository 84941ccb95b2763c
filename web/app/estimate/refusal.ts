// What the visitor reads when the service refuses a request the form let through: a sentence, and the
// field to fix when the table's check names one, never the database's own wording.
import {CONNECTION_FAILURE, isConnectionFailure} from '../auth/supabase.ts'
import type {EstimateField} from './estimateRequest.ts'

export type Refusal = {message: string; field?: EstimateField}

/** The table's check constraints, by the field each guards (supabase/migrations). */
const CHECKED_FIELDS: Record<string, EstimateField> = {
  name_present: 'name',
  email_present: 'email',
  phone_present: 'phone',
  platforms_chosen: 'platforms',
  requirements_chosen: 'requirements',
  description_present: 'description',
  terms_accepted_true: 'terms_accepted',
  ownership_confirmed_true: 'ownership_confirmed',
}

const FIELD_NAMES: Record<EstimateField, string> = {
  name: 'your name',
  email: 'your email address',
  phone: 'your phone number',
  platforms: 'the platforms',
  requirements: 'the requirements',
  description: 'the description',
  terms_accepted: 'the Terms & Conditions box',
  ownership_confirmed: 'the ownership box',
}

const CHECK_VIOLATION = '23514'
/** The throttle's refusal (supabase/migrations/…_free_estimate_request_throttle.sql), answered with HTTP 429. */
const TOO_MANY_REQUESTS = 'PT429'

const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again in a few minutes'
const CONSTRAINT_NAME = /check constraint "([^"]+)"/

/** `error` is what supabase-js returned (a PostgREST error) or threw (a failed connection). */
export function describeRefusal(error: {code?: string; message: string}): Refusal {
  if (error.code === TOO_MANY_REQUESTS) return {message: TOO_MANY_REQUESTS_MESSAGE}
  if (error.code === CHECK_VIOLATION) {
    const field = CHECKED_FIELDS[CONSTRAINT_NAME.exec(error.message)?.[1] ?? '']
    if (field) return {field, message: `Please check ${FIELD_NAMES[field]} and try again.`}
  }
  if (isConnectionFailure(error.message)) return {message: CONNECTION_FAILURE}
  return {message: 'Your request could not be sent. Please try again in a moment.'}
}
