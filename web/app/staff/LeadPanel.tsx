import {useEffect, useRef, useState} from 'react'
import type {Lead, StaffMember} from './lead.ts'
import {LeadCard} from './LeadCard.tsx'
import {loadFailure, loadLead, type SaveLead} from './useLeadDesk.ts'

type Props = {
  id: string
  staff: StaffMember[]
  save: SaveLead
  onClose: () => void
}

/**
 * One lead opened from the list, whole, to work (a panel for each lead: its parent keys it by the lead's id);
 * focus moves to its name, and Escape or "Back to the list" closes it.
 */
export function LeadPanel({id, staff, save, onClose}: Props) {
  const [lead, setLead] = useState<Lead | null | undefined>()
  const [failure, setFailure] = useState<string>()
  const panel = useRef<HTMLElement>(null)
  useEffect(() => {
    let current = true
    loadLead(id).then(
      (loaded) => current && setLead(loaded ?? null),
      (error: unknown) => current && setFailure(loadFailure({message: String(error)})),
    )
    return () => {
      current = false
    }
  }, [id])
  // Focus moves to the lead's name, so a screen reader reads which lead opened.
  useEffect(() => {
    if (lead) panel.current?.querySelector<HTMLElement>('.lead-name')?.focus()
  }, [lead])
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [onClose])

  return (
    <section ref={panel} className="lead-panel" aria-label={lead ? `Lead: ${lead.name}` : 'Lead'}>
      <button type="button" className="link-button lead-panel-back" onClick={onClose}>
        ← Back to the list
      </button>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {lead === undefined && !failure && <p role="status">Loading the lead…</p>}
      {lead === null && <p>This lead is no longer there.</p>}
      {lead && (
        <LeadCard
          key={lead.id}
          lead={lead}
          staff={staff}
          save={async (leadId, change) => {
            const outcome = await save(leadId, change)
            if ('saved' in outcome) setLead(outcome.saved)
            return outcome
          }}
        />
      )}
    </section>
  )
}
