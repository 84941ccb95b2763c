import {useCallback, useEffect, useState} from 'react'
import {LEAD_STATUSES, statusLabel} from './lead.ts'
import {ALL, SORTS, type LeadQuery, type LeadSort} from './leadQuery.ts'

/** How long typing may pause before the search is asked: a search a keystroke would ask a name letter by letter. */
const SEARCH_PAUSE_MS = 250

type Props = {
  query: LeadQuery
  sources: string[]
  campaigns: string[]
  onChange: (change: Partial<LeadQuery>) => void
}

/**
 * Which leads to show: a search in name, e-mail and phone, a status, a source and campaign, and their order. A
 * choice shows at once, before the address (which the query is read from) has caught up with it.
 */
export function LeadFilters({query, sources, campaigns, onChange: change}: Props) {
  const [chosen, setChosen] = useState<Partial<LeadQuery>>({})
  useEffect(() => setChosen({}), [query])
  const shown = {...query, ...chosen}
  const onChange = useCallback(
    (partial: Partial<LeadQuery>) => {
      setChosen((earlier) => ({...earlier, ...partial}))
      change(partial)
    },
    [change],
  )
  const [typed, setTyped] = useState(query.search)
  useEffect(() => setTyped(query.search), [query.search])
  useEffect(() => {
    if (typed === query.search) return
    const timer = setTimeout(() => onChange({search: typed, page: 0}), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, query.search, onChange])

  const select = (
    id: string,
    label: string,
    value: string,
    options: {value: string; label: string}[],
    change: (value: string) => Partial<LeadQuery>,
  ) => (
    <div className="lead-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange({...change(event.target.value), page: 0})}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <form
      role="search"
      className="lead-filters"
      aria-label="Find leads"
      onSubmit={(event) => {
        event.preventDefault()
        onChange({search: typed, page: 0})
      }}
    >
      <div className="lead-filter lead-search">
        <label htmlFor="lead-search">Search name, e-mail or phone</label>
        <input
          id="lead-search"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {select(
        'lead-sort',
        'Order',
        shown.sort,
        Object.entries(SORTS).map(([value, {label}]) => ({value, label})),
        (sort) => ({sort: sort as LeadSort}),
      )}
      <fieldset className="status-filter">
        <legend>Status</legend>
        <div className="chip-list">
          {([ALL, ...LEAD_STATUSES] as const).map((choice) => (
            <label key={choice} className="chip">
              <input
                type="radio"
                name="status-filter"
                value={choice}
                checked={shown.status === choice}
                onChange={() => onChange({status: choice, page: 0})}
              />
              {choice === ALL ? 'All' : statusLabel(choice)}
            </label>
          ))}
        </div>
      </fieldset>
      {select(
        'lead-source',
        'Source',
        shown.source,
        [
          {value: ALL, label: 'All sources'},
          ...sources.map((source) => ({value: source, label: source})),
        ],
        (source) => ({source, campaign: ALL}),
      )}
      {select(
        'lead-campaign',
        'Campaign',
        shown.campaign,
        [
          {value: ALL, label: 'All campaigns'},
          ...campaigns.map((campaign) => ({value: campaign, label: campaign})),
        ],
        (campaign) => ({campaign}),
      )}
    </form>
  )
}
