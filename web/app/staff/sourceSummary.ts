// Where the filtered leads came from, from lead_sources() (the counts per first source and campaign, under the
// status and search filters): the sources and campaigns to filter by, and the summary per source of the leads
// the filters match: how many, how many are past "new", how many were won, and the won rate.
import {ALL} from './leadQuery.ts'

/** A row of public.lead_sources() (supabase/migrations/20261210000000_lead_attribution.sql). */
export type SourceCount = {
  source: string
  campaign: string | null
  leads: number
  contacted: number
  won: number
}

export type SourceSummaryRow = {
  source: string
  leads: number
  contacted: number
  won: number
  /** Won of all, 0 to 1. */
  wonRate: number
}

const chosen = (filter: string, value: string | null) => filter === ALL || filter === value

/** The summary per source of the counts the source and campaign filters keep, most leads first. */
export function summaryBySource(
  counts: readonly SourceCount[],
  source: string,
  campaign: string,
): SourceSummaryRow[] {
  const bySource = new Map<string, Omit<SourceSummaryRow, 'wonRate'>>()
  for (const row of counts) {
    if (!chosen(source, row.source) || !chosen(campaign, row.campaign)) continue
    const sum = bySource.get(row.source) ?? {source: row.source, leads: 0, contacted: 0, won: 0}
    sum.leads += Number(row.leads)
    sum.contacted += Number(row.contacted)
    sum.won += Number(row.won)
    bySource.set(row.source, sum)
  }
  return [...bySource.values()]
    .map((sum) => ({...sum, wonRate: sum.leads ? sum.won / sum.leads : 0}))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source))
}

/** The sources to filter by, and the campaigns of the chosen source (of all sources when none is chosen). */
export function filterChoices(counts: readonly SourceCount[], source: string) {
  const sources = [...new Set(counts.map((row) => row.source))].sort()
  const campaigns = [
    ...new Set(
      counts
        .filter((row) => chosen(source, row.source) && row.campaign !== null)
        .map((row) => row.campaign as string),
    ),
  ].sort()
  return {sources, campaigns}
}

/** A rate as a whole percentage: 0.6667 → "67%". */
export const percent = (rate: number) => `${Math.round(rate * 100)}%`
