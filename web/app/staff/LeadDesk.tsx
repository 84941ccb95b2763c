import type {User} from '@supabase/supabase-js'
import {useCallback, useEffect, useMemo, useRef, useState} from 'react'
import {useSearchParams} from 'react-router'
import {paramsOf, queryOf} from './deskQuery.ts'
import {LeadFilters} from './LeadFilters.tsx'
import {LeadList} from './LeadList.tsx'
import {mailTrouble} from './leadMailHealth.ts'
import {LeadMailHealth} from './LeadMailHealth.tsx'
import {LeadPanel} from './LeadPanel.tsx'
import {ALL, type LeadQuery} from './leadQuery.ts'
import {leadsCsv} from './leadsCsv.ts'
import {SourceSummary} from './SourceSummary.tsx'
import {filterChoices, summaryBySource} from './sourceSummary.ts'
import {
  allMatchingLeads,
  saveLead,
  useLeadMailHealth,
  useLeadPage,
  useSourceCounts,
  useStaffAccess,
  type SaveLead,
} from './useLeadDesk.ts'

/** Hands the browser a file to save, as a link with `download` does. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], {type: 'text/csv;charset=utf-8'}))
  const link = Object.assign(document.createElement('a'), {href: url, download: name})
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The leads for a signed-in user, as a CRM shows a season of them: a search and filters, a summary of where the
 * matching leads came from, a compact list a page at a time (the database pages and counts), and the lead opened
 * to work beside it (below it on a phone). A plain refusal for anyone who is not staff.
 */
export function LeadDesk({user}: {user: User}) {
  const access = useStaffAccess(user)
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => queryOf(params), [params])
  const openLead = params.get('lead')
  // Bumped by each saved change, so the list and the summary are asked again.
  const [version, setVersion] = useState(0)
  const [exporting, setExporting] = useState(false)
  const ready = access.state === 'ready'
  const page = useLeadPage(query, version, ready)
  const counts = useSourceCounts(query, version, ready)
  const mailHealth = useLeadMailHealth(version, ready)

  const show = useCallback(
    (next: LeadQuery, lead: string | null) => setParams(paramsOf(next, lead)),
    [setParams],
  )
  const change = useCallback(
    (partial: Partial<LeadQuery>) => show({...query, ...partial}, openLead),
    [show, query, openLead],
  )
  // The lead just closed, whose row takes the focus back once the list shows again.
  const closedLead = useRef<string | null>(null)
  const closeLead = useCallback(() => {
    closedLead.current = openLead
    show(query, null)
  }, [show, query, openLead])
  useEffect(() => {
    if (openLead || !closedLead.current) return
    const row = (selector: string) => document.querySelector<HTMLButtonElement>(selector)
    const closedRow = row(`.lead-row[data-lead="${CSS.escape(closedLead.current)}"]`)
    // The first row when the closed lead is no longer on this page.
    const target = closedRow ?? row('.lead-rows .lead-row')
    target?.focus()
    closedLead.current = null
  }, [openLead])
  const save: SaveLead = async (id, leadChange) => {
    const outcome = await saveLead(id, leadChange)
    if ('saved' in outcome) setVersion((current) => current + 1)
    return outcome
  }

  if (access.state === 'loading') return <p role="status">Loading the leads…</p>
  if (access.state === 'failed')
    return (
      <p className="form-error" role="alert">
        {access.message}
      </p>
    )
  if (access.state === 'not-staff')
    return (
      <section className="staff-notice" aria-labelledby="not-staff-heading">
        <h2 id="not-staff-heading">This page is for staff.</h2>
        <p className="lead">
          You are signed in as {user.email}, which is not a staff account. If you work here, ask the
          site’s owner to add you.
        </p>
      </section>
    )

  const {staff} = access
  const {sources, campaigns} = filterChoices(counts.value, query.source)
  const exportName = `leads-${query.status}-${new Date().toISOString().slice(0, 10)}.csv`
  async function exportMatching() {
    setExporting(true)
    try {
      download(exportName, leadsCsv(await allMatchingLeads(query), staff))
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className={`lead-desk${openLead ? ' lead-desk-open' : ''}`}>
      {mailHealth.failure ? (
        // Said, not hidden: a panel that is not there reads as all well.
        <p className="form-error" role="alert">
          Whether lead mails go out could not be checked. Reload the page to try again.
        </p>
      ) : (
        mailHealth.value && (
          <LeadMailHealth
            trouble={mailTrouble(mailHealth.value)}
            onOpen={(id) => show(query, id)}
          />
        )
      )}
      <div className="staff-toolbar">
        <LeadFilters query={query} sources={sources} campaigns={campaigns} onChange={change} />
        <button
          type="button"
          className="button button-secondary"
          disabled={page.value.total === 0 || exporting}
          onClick={() => void exportMatching()}
        >
          {exporting ? 'Exporting…' : `Export ${page.value.total} as CSV`}
        </button>
      </div>
      {(page.failure ?? counts.failure) && (
        <p className="form-error" role="alert">
          {page.failure ?? counts.failure}
        </p>
      )}
      <SourceSummary rows={summaryBySource(counts.value, query.source, query.campaign)} />
      <div className="lead-work-area">
        <LeadList
          rows={page.value.rows}
          total={page.value.total}
          page={query.page}
          staff={staff}
          openLead={openLead}
          onOpen={(id) => show(query, id)}
          onPage={(next) => change({page: next})}
        />
        {openLead && (
          <LeadPanel key={openLead} id={openLead} staff={staff} save={save} onClose={closeLead} />
        )}
      </div>
      {!page.fresh && (
        <p role="status" className="lead-loading">
          Loading…
        </p>
      )}
      {query.source !== ALL && sources.length > 0 && !sources.includes(query.source) && (
        <p className="staff-empty">No leads of this status or search came from {query.source}.</p>
      )}
    </div>
  )
}
