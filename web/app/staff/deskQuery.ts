// The staff page's query and open lead, kept in the address (`?status=new&source=instagram&q=asha&lead=…`): a
// reload keeps them, the browser's back button goes back to the last view, and a link to a view can be shared.
import {LEAD_STATUSES, type LeadStatus} from './lead.ts'
import {ALL, FIRST_QUERY, SORTS, type LeadQuery, type LeadSort} from './leadQuery.ts'

const isStatus = (value: string): value is LeadStatus =>
  (LEAD_STATUSES as readonly string[]).includes(value)
const isSort = (value: string): value is LeadSort => value in SORTS

export function queryOf(params: URLSearchParams): LeadQuery {
  const status = params.get('status') ?? ALL
  const sort = params.get('sort') ?? FIRST_QUERY.sort
  const page = Number(params.get('page') ?? 0)
  return {
    status: isStatus(status) ? status : ALL,
    source: params.get('source') ?? ALL,
    campaign: params.get('campaign') ?? ALL,
    search: params.get('q') ?? '',
    sort: isSort(sort) ? sort : FIRST_QUERY.sort,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  }
}

/** The address's parameters for `query` and the open lead: only what differs from the first view. */
export function paramsOf(query: LeadQuery, lead: string | null): URLSearchParams {
  const params = new URLSearchParams()
  if (query.status !== ALL) params.set('status', query.status)
  if (query.source !== ALL) params.set('source', query.source)
  if (query.campaign !== ALL) params.set('campaign', query.campaign)
  if (query.search) params.set('q', query.search)
  if (query.sort !== FIRST_QUERY.sort) params.set('sort', query.sort)
  if (query.page > 0) params.set('page', String(query.page))
  if (lead) params.set('lead', lead)
  return params
}
