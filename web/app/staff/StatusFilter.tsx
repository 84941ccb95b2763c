import {LEAD_STATUSES, statusLabel, type Lead, type LeadStatus} from './lead.ts'

export type StatusChoice = LeadStatus | 'all'

/** Which leads to show, by status, each choice with how many leads it holds. */
export function StatusFilter({
  leads,
  value,
  onChange,
}: {
  leads: Lead[]
  value: StatusChoice
  onChange: (choice: StatusChoice) => void
}) {
  const count = (choice: StatusChoice) =>
    choice === 'all' ? leads.length : leads.filter((lead) => lead.status === choice).length
  return (
    <fieldset className="field status-filter">
      <legend>Show</legend>
      <div className="chip-list">
        {(['all', ...LEAD_STATUSES] as const).map((choice) => (
          <label key={choice} className="chip">
            <input
              type="radio"
              name="status-filter"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {choice === 'all' ? 'All' : statusLabel(choice)}
            <span className="chip-count">{count(choice)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
