// The staff page's summary and filter choices from lead_sources() rows: counts and won rates worked out by hand.
import {expect, it} from 'vitest'
import {leadAge} from './leadAge.ts'
import {searchFilter, searchTerm} from './leadQuery.ts'
import {filterChoices, percent, summaryBySource, type SourceCount} from './sourceSummary.ts'

const counts: SourceCount[] = [
  {source: 'google', campaign: 'brand', leads: 3, contacted: 3, won: 2},
  {source: 'newsletter', campaign: null, leads: 3, contacted: 1, won: 1},
  {source: 'google', campaign: 'generic', leads: 2, contacted: 1, won: 0},
  {source: 'instagram', campaign: 'diwali', leads: 4, contacted: 2, won: 1},
  {source: '(not recorded)', campaign: null, leads: 1, contacted: 1, won: 0},
]

it('sums each source over its campaigns, with its won rate: won of all its leads', () => {
  // google: 3 + 2 leads, 3 + 1 past new, 2 + 0 won: 2 of 5 = 40%.
  expect(summaryBySource(counts, 'all', 'all')).toEqual([
    {source: 'google', leads: 5, contacted: 4, won: 2, wonRate: 0.4},
    {source: 'instagram', leads: 4, contacted: 2, won: 1, wonRate: 0.25},
    {source: 'newsletter', leads: 3, contacted: 1, won: 1, wonRate: 1 / 3},
    {source: '(not recorded)', leads: 1, contacted: 1, won: 0, wonRate: 0},
  ])
  expect(summaryBySource(counts, 'google', 'brand')).toEqual([
    {source: 'google', leads: 3, contacted: 3, won: 2, wonRate: 2 / 3},
  ])
  expect(summaryBySource(counts, 'all', 'diwali')).toEqual([
    {source: 'instagram', leads: 4, contacted: 2, won: 1, wonRate: 0.25},
  ])
  expect(summaryBySource(counts, 'nowhere', 'all')).toEqual([])
  expect([0, 0.25, 1 / 3, 2 / 3, 1].map(percent)).toEqual(['0%', '25%', '33%', '67%', '100%'])
})

it('offers every source, and the campaigns of the chosen one', () => {
  expect(filterChoices(counts, 'all')).toEqual({
    sources: ['(not recorded)', 'google', 'instagram', 'newsletter'],
    campaigns: ['brand', 'diwali', 'generic'],
  })
  expect(filterChoices(counts, 'google').campaigns).toEqual(['brand', 'generic'])
})

it('keeps a search to what names, addresses and numbers hold, none of PostgREST’s syntax', () => {
  expect(searchTerm('  Asha   Rao ')).toBe('Asha Rao')
  expect(searchTerm('a,b").or(id.neq.0')).toBe('a b .or id.neq.0')
  expect(searchTerm('asha@example.com')).toBe('asha@example.com')
  expect(searchFilter('+91 98765')).toBe(
    'name.ilike."*+91 98765*",email.ilike."*+91 98765*",phone.ilike."*+91 98765*"',
  )
  expect(searchFilter(' ,() ')).toBeUndefined()
})

it('gives a lead’s age in a glance', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  const ago = (ms: number) => new Date(now - ms).toISOString()
  expect(
    [30e3, 5 * 60e3, 3 * 3600e3, 2 * 86400e3, 20 * 86400e3, 120 * 86400e3].map((ms) =>
      leadAge(ago(ms), now),
    ),
  ).toEqual(['just now', '5 min', '3 h', '2 d', '2 wk', '4 mo'])
})
