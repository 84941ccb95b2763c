// The free-estimate request: its options, the form's values, and the checks made before anything is sent.
// The database's constraints (supabase/migrations) refuse the same things; a test keeps the two in step.

export const PLATFORMS = ['TradingView', 'Tradetron', 'Python', 'Other'] as const
export const REQUIREMENTS = ['Indicator Development', 'Strategy Development', 'Backtesting', 'Automation'] as const

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

export const emptyEstimateRequest = (): EstimateRequest => ({
  name: '',
  email: '',
  phone: '',
  platforms: [],
  requirements: [],
  description: '',
  terms_accepted: false,
  ownership_confirmed: false,
})

/** The spec's rules, checked on submit: nothing is sent while any field has an error. */
export function validateEstimateRequest(request: EstimateRequest): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of ['name', 'email', 'phone', 'description'] as const) {
    if (request[field].trim() === '') errors[field] = 'Required'
  }
  if (request.platforms.length === 0) errors.platforms = 'Select at least one'
  if (request.requirements.length === 0) errors.requirements = 'Select at least one'
  if (!request.terms_accepted) errors.terms_accepted = 'Required'
  if (!request.ownership_confirmed) errors.ownership_confirmed = 'Required'
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
