import type {KeyboardEvent} from 'react'
import {statusLabel, type LeadRow, type StaffMember} from './lead.ts'
import {leadAge} from './leadAge.ts'
import {PAGE_SIZE} from './leadQuery.ts'
import {withIndianGrouping} from '@quantedge/schemas/price'

type Props = {
  rows: LeadRow[]
  total: number
  page: number
  staff: StaffMember[]
  openLead: string | null
  onOpen: (id: string) => void
  onPage: (page: number) => void
}

/** Up and down move between the rows, as in a list box; Enter or Space opens the lead. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const item = event.currentTarget.closest('li')
  const next = event.key === 'ArrowDown' ? item?.nextElementSibling : item?.previousElementSibling
  const button = next?.querySelector<HTMLButtonElement>('.lead-row')
  if (!button) return
  event.preventDefault()
  button.focus()
}

/** The matching leads, a row each (name, source, status, owner, age), a page at a time. */
export function LeadList({rows, total, page, staff, openLead, onOpen, onPage}: Props) {
  const ownerName = (owner: string | null) =>
    owner ? (staff.find((member) => member.user_id === owner)?.email ?? 'Staff') : 'No one yet'
  const first = page * PAGE_SIZE + 1
  const last = page * PAGE_SIZE + rows.length
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  return (
    <section className="lead-list-view" aria-labelledby="lead-list-heading">
      <h2 id="lead-list-heading" className="lead-list-count" aria-live="polite">
        {total === 0
          ? 'No leads match'
          : `Leads ${withIndianGrouping(first)}–${withIndianGrouping(last)} of ${withIndianGrouping(total)}`}
      </h2>
      <div className="lead-row lead-row-head" aria-hidden="true">
        <span>Name</span>
        <span>Source</span>
        <span>Status</span>
        <span>Owner</span>
        <span>Age</span>
      </div>
      <ol className="lead-rows">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className="lead-row"
              data-lead={row.id}
              aria-current={row.id === openLead ? 'true' : undefined}
              onClick={() => onOpen(row.id)}
              onKeyDown={moveFocus}
            >
              <span className="lead-row-name">{row.name}</span>
              <span className="lead-row-source">
                {[row.first_source, row.first_campaign].filter(Boolean).join(' · ') || '—'}
              </span>
              <span className={`lead-status lead-status-${row.status}`}>
                {statusLabel(row.status)}
              </span>
              <span className="lead-row-owner">{ownerName(row.owner)}</span>
              <span className="lead-row-age">
                <time dateTime={row.created_at}>{leadAge(row.created_at)}</time>
              </span>
            </button>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="lead-pager" aria-label="Pages of leads">
          <button
            type="button"
            className="button button-secondary"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page + 1 >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  )
}
