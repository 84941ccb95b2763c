import type {User} from '@supabase/supabase-js'
import {useState} from 'react'
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

  const shown = choice === 'all' ? desk.leads : desk.leads.filter((lead) => lead.status === choice)
  const today = new Date().toISOString().slice(0, 10)
  return (
    <>
      <div className="staff-toolbar">
        <StatusFilter leads={desk.leads} value={choice} onChange={setChoice} />
        <button
          type="button"
          className="button button-secondary"
          disabled={shown.length === 0}
          onClick={() => download(`leads-${choice}-${today}.csv`, leadsCsv(shown, desk.staff))}
        >
          Export {shown.length} as CSV
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
              <LeadCard lead={lead} staff={desk.staff} save={save} />
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
