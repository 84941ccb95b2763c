import {useId, useState, type FormEvent, type ReactNode} from 'react'
import {describeFailure, loadSupabase} from '../auth/supabase.ts'
import {
  emptyEstimateRequest,
  PLATFORMS,
  REQUIREMENTS,
  toRow,
  validateEstimateRequest,
  type EstimateField,
  type EstimateRequest,
  type FieldErrors,
} from './estimateRequest.ts'

type Status = {state: 'idle'} | {state: 'submitting'} | {state: 'sent'} | {state: 'failed'; message: string}

/** The free-estimate request form: checked on submit, stored in Supabase, never losing what was typed. */
export function EstimateForm({submitLabel}: {submitLabel: string}) {
  const [request, setRequest] = useState<EstimateRequest>(emptyEstimateRequest)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({state: 'idle'})
  const id = useId()
  const fieldId = (field: EstimateField) => `${id}-${field}`

  function edit<F extends EstimateField>(field: F, value: EstimateRequest[F]) {
    setRequest((current) => ({...current, [field]: value}))
    setErrors(({[field]: _cleared, ...rest}) => rest)
  }

  const toggle = (field: 'platforms' | 'requirements', option: string) =>
    edit(field, request[field].includes(option) ? request[field].filter((item) => item !== option) : [...request[field], option])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setStatus({state: 'idle'})
    const found = validateEstimateRequest(request)
    setErrors(found)
    const firstInvalid = Object.keys(found)[0] as EstimateField | undefined
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`#${CSS.escape(fieldId(firstInvalid))}`)?.focus()
      return
    }
    setStatus({state: 'submitting'})
    try {
      const {error} = await (await loadSupabase()).from('free_estimate_requests').insert(toRow(request))
      if (error) return setStatus({state: 'failed', message: describeFailure(error.message)})
      setRequest(emptyEstimateRequest())
      setStatus({state: 'sent'})
    } catch (error) {
      setStatus({state: 'failed', message: describeFailure(error instanceof Error ? error.message : String(error))})
    }
  }

  const errorFor = (field: EstimateField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null
  const describedBy = (field: EstimateField) => (errors[field] ? `${fieldId(field)}-error` : undefined)

  const textField = (field: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={fieldId(field)}>{label} *</label>
      <input
        id={fieldId(field)}
        type={type}
        autoComplete={autoComplete}
        value={request[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => edit(field, event.target.value)}
      />
      {errorFor(field)}
    </div>
  )

  const chips = (field: 'platforms' | 'requirements', legend: string, options: readonly string[]) => (
    <fieldset className="field chips" aria-describedby={describedBy(field)}>
      <legend>{legend} *</legend>
      <div className="chip-list">
        {options.map((option, index) => (
          <button
            key={option}
            id={index === 0 ? fieldId(field) : undefined}
            type="button"
            className="chip"
            aria-pressed={request[field].includes(option)}
            onClick={() => toggle(field, option)}
          >
            {option}
          </button>
        ))}
      </div>
      {errorFor(field)}
    </fieldset>
  )

  const checkbox = (field: 'terms_accepted' | 'ownership_confirmed', label: ReactNode) => (
    <div className="field">
      <div className="checkbox">
        <input
          id={fieldId(field)}
          type="checkbox"
          checked={request[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field)}
          onChange={(event) => edit(field, event.target.checked)}
        />
        <label htmlFor={fieldId(field)}>{label}</label>
      </div>
      {errorFor(field)}
    </div>
  )

  return (
    <form className="estimate-form" noValidate onSubmit={onSubmit} onFocus={() => void loadSupabase()}>
      {status.state === 'failed' && (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      )}
      {status.state === 'sent' && (
        <p className="form-success" role="status">
          Estimate request submitted successfully!
        </p>
      )}
      <div className="field-row">
        {textField('name', 'Name', 'text', 'name')}
        {textField('email', 'Email', 'email', 'email')}
      </div>
      {textField('phone', 'Phone', 'tel', 'tel')}
      {chips('platforms', 'Platforms', PLATFORMS)}
      {chips('requirements', 'Requirements', REQUIREMENTS)}
      <div className="field">
        <label htmlFor={fieldId('description')}>Description *</label>
        <textarea
          id={fieldId('description')}
          rows={4}
          value={request.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => edit('description', event.target.value)}
        />
        {errorFor('description')}
      </div>
      {checkbox('terms_accepted', 'I agree to Terms & Conditions *')}
      {checkbox('ownership_confirmed', 'I confirm I own this information *')}
      <button type="submit" className="button button-primary button-large" disabled={status.state === 'submitting'}>
        {status.state === 'submitting' ? 'Submitting…' : submitLabel}
      </button>
    </form>
  )
}
