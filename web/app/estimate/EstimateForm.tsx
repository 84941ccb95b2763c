import {useId, useRef, useState, type FormEvent, type ReactNode} from 'react'
import {attributionRow} from '../attribution/visit.ts'
import {loadSupabase} from '../auth/supabase.ts'
import {useHeldSubmit} from '../early/useHeldSubmit.ts'
import {
  MAX_LENGTH,
  PLATFORMS,
  readEstimateRequest,
  REQUIREMENTS,
  toRow,
  validateEstimateRequest,
  type EstimateField,
  type FieldErrors,
} from './estimateRequest.ts'
import {describeRefusal} from './refusal.ts'

type Status =
  {state: 'idle'} | {state: 'submitting'} | {state: 'sent'} | {state: 'failed'; message: string}

/**
 * The free-estimate request form: checked on submit, stored in Supabase, never losing what was typed.
 * Its fields keep their own values (the browser's, from the first paint), so typing before hydration
 * survives it, and a submit before hydration is held and sent once, when the scripts have run.
 */
export function EstimateForm({submitLabel}: {submitLabel: string}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({state: 'idle'})
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const fieldId = (field: EstimateField) => `${id}-${field}`

  async function send(element: HTMLFormElement) {
    setStatus({state: 'idle'})
    const request = readEstimateRequest(element)
    const found = validateEstimateRequest(request)
    setErrors(found)
    const firstInvalid = Object.keys(found)[0]
    if (firstInvalid) {
      element.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    setStatus({state: 'submitting'})
    try {
      const {error} = await (
        await loadSupabase()
      )
        .from('free_estimate_requests')
        .insert({...toRow(request), ...attributionRow()})
      if (error) return refused(error)
      element.reset()
      setStatus({state: 'sent'})
    } catch (error) {
      refused({message: error instanceof Error ? error.message : String(error)})
    }
  }

  function refused(error: {code?: string; message: string}) {
    const {message, field} = describeRefusal(error)
    if (field) setErrors({[field]: message})
    setStatus({state: 'failed', message})
  }

  const onSubmit = useHeldSubmit(form, (element) => void send(element))

  /** A field's message goes when the visitor edits that field. */
  function onEdit(event: FormEvent<HTMLFormElement>) {
    const {name} = event.target as HTMLInputElement
    setErrors(({[name as EstimateField]: _cleared, ...rest}) => rest)
  }

  const errorFor = (field: EstimateField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null
  const describedBy = (field: EstimateField) =>
    errors[field] ? `${fieldId(field)}-error` : undefined

  const textField = (
    field: 'name' | 'email' | 'phone',
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <div className="field">
      <label htmlFor={fieldId(field)}>{label} *</label>
      <input
        id={fieldId(field)}
        name={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={MAX_LENGTH[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      {errorFor(field)}
    </div>
  )

  const chips = (
    field: 'platforms' | 'requirements',
    legend: string,
    options: readonly string[],
  ) => (
    <fieldset className="field chips" aria-describedby={describedBy(field)}>
      <legend>{legend} *</legend>
      <div className="chip-list">
        {options.map((option) => (
          <label key={option} className="chip">
            <input
              type="checkbox"
              name={field}
              value={option}
              aria-invalid={errors[field] ? true : undefined}
            />
            {option}
          </label>
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
          name={field}
          type="checkbox"
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field)}
        />
        <label htmlFor={fieldId(field)}>{label}</label>
      </div>
      {errorFor(field)}
    </div>
  )

  return (
    <form
      ref={form}
      className="estimate-form"
      noValidate
      data-held
      onSubmit={onSubmit}
      onChange={onEdit}
      onFocus={() => void loadSupabase()}
    >
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
          name="description"
          rows={4}
          maxLength={MAX_LENGTH.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {errorFor('description')}
      </div>
      {checkbox('terms_accepted', 'I agree to Terms & Conditions *')}
      {checkbox('ownership_confirmed', 'I confirm I own this information *')}
      <button
        type="submit"
        className="button button-primary button-large"
        disabled={status.state === 'submitting'}
      >
        {status.state === 'submitting' ? 'Submitting…' : submitLabel}
      </button>
    </form>
  )
}
