// The free-estimate request: its options, its limits, the form's values, and the checks made before
// anything is sent. The table's checks (supabase/migrations) refuse the same things with the same
// numbers; estimateRules.test.ts walks every check constraint and shows the form refuses first, in words.

import {withIndianGrouping} from '@quantedge/schemas/price'

export const PLATFORMS = ['TradingView', 'Tradetron', 'Python', 'Other'] as const
export const REQUIREMENTS = [
  'Indicator Development',
  'Strategy Development',
  'Backtesting',
  'Automation',
] as const

/** The longest text each field takes, as the table's `length(…) <=` checks have it. */
export const MAX_LENGTH = {name: 200, email: 254, phone: 40, description: 5000} as const

export type EstimateRequest = {
  name: string
  email: string
  phone: string
  platforms: string[]
  requirements: string[]
  description: string
  terms_accepted: boolean
  ownership_confirmed: boolean
}

export type EstimateField = keyof EstimateRequest
export type FieldErrors = Partial<Record<EstimateField, string>>

const TEXT_FIELDS = ['name', 'email', 'phone', 'description'] as const

export const FIELD_MESSAGES = {
  required: 'Required',
  selectOne: 'Select at least one',
  email: 'Enter an email address like name@example.com',
  unknownOption: 'Choose from the options shown',
  tooLong: (limit: number) => `Use at most ${withIndianGrouping(limit)} characters`,
} as const

/**
 * The browser's own rule for `<input type="email">`: HTML's "valid email address"
 * (html.spec.whatwg.org/multipage/input.html#valid-e-mail-address), so the form refuses what the
 * browser's e-mail input type would; and before the @ no leading, trailing or doubled dot (RFC 5322's
 * dot-atom), as the table refuses an address no mail API takes as Reply-To
 * (supabase/migrations/20261211000000_reply_to_email.sql).
 */
const VALID_EMAIL =
  /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** The form's values, read from the form itself, so whatever was typed before hydration counts. */
export function readEstimateRequest(form: HTMLFormElement): EstimateRequest {
  const fields = new FormData(form)
  const text = (name: string) => String(fields.get(name) ?? '')
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    platforms: fields.getAll('platforms').map(String),
    requirements: fields.getAll('requirements').map(String),
    description: text('description'),
    terms_accepted: fields.has('terms_accepted'),
    ownership_confirmed: fields.has('ownership_confirmed'),
  }
}

/** The spec's rules and the table's limits, checked on submit: nothing is sent while any field has an error. */
export function validateEstimateRequest(request: EstimateRequest): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of TEXT_FIELDS) {
    const value = request[field].trim()
    if (value === '') errors[field] = FIELD_MESSAGES.required
    else if (value.length > MAX_LENGTH[field])
      errors[field] = FIELD_MESSAGES.tooLong(MAX_LENGTH[field])
  }
  if (!errors.email && !VALID_EMAIL.test(request.email.trim())) errors.email = FIELD_MESSAGES.email
  const chosen = (field: 'platforms' | 'requirements', options: readonly string[]) => {
    if (request[field].length === 0) errors[field] = FIELD_MESSAGES.selectOne
    else if (request[field].some((choice) => !options.includes(choice)))
      errors[field] = FIELD_MESSAGES.unknownOption
  }
  chosen('platforms', PLATFORMS)
  chosen('requirements', REQUIREMENTS)
  if (!request.terms_accepted) errors.terms_accepted = FIELD_MESSAGES.required
  if (!request.ownership_confirmed) errors.ownership_confirmed = FIELD_MESSAGES.required
  return errors
}

/** The row to store: text trimmed, lists in the form's order. */
export const toRow = (request: EstimateRequest): EstimateRequest => ({
  ...request,
  name: request.name.trim(),
  email: request.email.trim(),
  phone: request.phone.trim(),
  description: request.description.trim(),
  platforms: PLATFORMS.filter((platform) => request.platforms.includes(platform)),
  requirements: REQUIREMENTS.filter((requirement) => request.requirements.includes(requirement)),
})
