import type {User} from '@supabase/supabase-js'
import {useState} from 'react'
import type {LeadChange} from './lead.ts'
import {LeadCard} from './LeadCard.tsx'
import {leadsCsv} from './leadsCsv.ts'
import {StatusFilter, type StatusChoice} from './StatusFilter.tsx'
import {useLeadDesk} from './useLeadDesk.ts'

/** Hands the browser a file to save, as a link with `download` does. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], {type: 'text/csv;charset=utf-8'}))
  const link = Object.assign(document.createElement('a'), {href: url, download: name})
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The leads for a signed-in user: all of them for staff, a plain refusal for anyone else. */
export function LeadDesk({user}: {user: User}) {
  const {desk, save} = useLeadDesk(user)
  const [choice, setChoice] = useState<StatusChoice>('all')
  // Leads changed under this filter stay in view until the filter changes: a lead set from new to contacted
  // under "New" keeps its card, its "Saved" and the focus, instead of vanishing mid-work.
  const [worked, setWorked] = useState<ReadonlySet<string>>(new Set())
  const choose = (next: StatusChoice) => {
    setChoice(next)
    setWorked(new Set())
  }
  const saveInView = (id: string, change: LeadChange) => {
    setWorked((current) => new Set(current).add(id))
    return save(id, change)
  }

  if (desk.state === 'loading') return <p role="status">Loading the leads…</p>
  if (desk.state === 'failed')
    return (
      <p className="form-error" role="alert">
        {desk.message}
      </p>
    )
  if (desk.state === 'not-staff')
    return (
      <section className="staff-notice" aria-labelledby="not-staff-heading">
        <h2 id="not-staff-heading">This page is for staff.</h2>
        <p className="lead">
          You are signed in as {user.email}, which is not a staff account. If you work here, ask the
          site’s owner to add you.
        </p>
      </section>
    )

  const matching = desk.leads.filter((lead) => choice === 'all' || lead.status === choice)
  const shown = desk.leads.filter((lead) => matching.includes(lead) || worked.has(lead.id))
  const today = new Date().toISOString().slice(0, 10)
  return (
    <>
      <div className="staff-toolbar">
        <StatusFilter leads={desk.leads} value={choice} onChange={choose} />
        <button
          type="button"
          className="button button-secondary"
          disabled={matching.length === 0}
          onClick={() => download(`leads-${choice}-${today}.csv`, leadsCsv(matching, desk.staff))}
        >
          Export {matching.length} as CSV
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="staff-empty">
          {desk.leads.length === 0 ? 'No leads yet.' : 'No leads with this status.'}
        </p>
      ) : (
        <ol className="lead-list" aria-label="Leads, newest first">
          {shown.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} staff={desk.staff} save={saveInView} />
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
