import {useState} from 'react'
import {
  LEAD_STATUSES,
  NOTES_MAX_LENGTH,
  statusLabel,
  type Lead,
  type LeadChange,
  type StaffMember,
} from './lead.ts'
import {LeadOrigin} from './LeadOrigin.tsx'
import type {SaveLead} from './useLeadDesk.ts'

const received = new Intl.DateTimeFormat('en-IN', {dateStyle: 'medium', timeStyle: 'short'})
const savedAt = new Intl.DateTimeFormat('en-IN', {timeStyle: 'short'})

type Saving =
  | {state: 'idle'}
  | {state: 'saving'; change: LeadChange}
  | {state: 'saved'}
  | {state: 'refused'; message: string}

/**
 * One lead: what the visitor sent, and its status, owner and notes, each saved as soon as it is changed (notes
 * when the field is left). While a change is on its way the field shows it; a refused change goes back to
 * what is stored, with the reason beside it.
 */
export function LeadCard({lead, staff, save}: {lead: Lead; staff: StaffMember[]; save: SaveLead}) {
  const [saving, setSaving] = useState<Saving>({state: 'idle'})
  const [notes, setNotes] = useState(lead.notes ?? '')
  const field = (name: string) => `lead-${lead.id}-${name}`
  const shown = {...lead, ...(saving.state === 'saving' ? saving.change : {})}

  async function change(next: LeadChange) {
    setSaving({state: 'saving', change: next})
    const outcome = await save(lead.id, next)
    if ('saved' in outcome) return setSaving({state: 'saved'})
    setSaving({state: 'refused', message: outcome.refusal})
    if ('notes' in next) setNotes(lead.notes ?? '')
  }

  return (
    <article className="lead-card" aria-labelledby={field('name')}>
      <header className="lead-head">
        <h2 id={field('name')} className="lead-name" tabIndex={-1}>
          {lead.name}
        </h2>
        <span className={`lead-status lead-status-${lead.status}`}>{statusLabel(lead.status)}</span>
        <p className="lead-received">
          Received{' '}
          <time dateTime={lead.created_at}>{received.format(new Date(lead.created_at))}</time>
        </p>
      </header>
      <div className="lead-body">
        <div className="lead-request">
          <p className="lead-contact">
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
          </p>
          <dl className="lead-details">
            <div>
              <dt>Platforms</dt>
              <dd>{lead.platforms.join(', ')}</dd>
            </div>
            <div>
              <dt>Needs</dt>
              <dd>{lead.requirements.join(', ')}</dd>
            </div>
            <div>
              <dt>Request</dt>
              <dd className="lead-description">{lead.description}</dd>
            </div>
          </dl>
          <LeadOrigin lead={lead} />
        </div>
        <div className="lead-work">
          <div className="lead-field">
            <label htmlFor={field('status')}>Status</label>
            <select
              id={field('status')}
              value={shown.status}
              onChange={(event) => change({status: event.target.value as Lead['status']})}
            >
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="lead-field">
            <label htmlFor={field('owner')}>Owner</label>
            <select
              id={field('owner')}
              value={shown.owner ?? ''}
              onChange={(event) => change({owner: event.target.value || null})}
            >
              <option value="">No one yet</option>
              {staff.map((member) => (
                <option key={member.user_id} value={member.user_id}>
                  {member.email ?? 'A staff member'}
                </option>
              ))}
            </select>
          </div>
          <div className="lead-field lead-notes">
            <label htmlFor={field('notes')}>Notes</label>
            <textarea
              id={field('notes')}
              rows={3}
              maxLength={NOTES_MAX_LENGTH}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              onBlur={() => {
                if (notes !== (lead.notes ?? '')) void change({notes: notes === '' ? null : notes})
              }}
            />
          </div>
          <p className="lead-saved" role="status">
            {saving.state === 'saving' && 'Saving…'}
            {saving.state === 'saved' && `Saved at ${savedAt.format(new Date(lead.updated_at))}`}
          </p>
          {saving.state === 'refused' && (
            <p className="form-error" role="alert">
              {saving.message}
            </p>
          )}
        </div>
      </div>
    </article>
  )
}
