// What the staff page asks the database for, as PostgREST reads it: one page of the leads a filter and a search
// match, in an order, with how many match in all (a range and an exact count: the database pages, the browser
// never holds the whole table). The search looks in name, e-mail and phone; its words are kept to what a person
// types for those and double-quoted, so that nothing in it is read as PostgREST's own syntax (`,.:()`, quotes).
import type {LeadStatus} from './lead.ts'

export const PAGE_SIZE = 50

export const SORTS = {
  newest: {label: 'Newest first', column: 'created_at', ascending: false},
  oldest: {label: 'Oldest first', column: 'created_at', ascending: true},
  name: {label: 'Name, A to Z', column: 'name', ascending: true},
  updated: {label: 'Recently worked', column: 'updated_at', ascending: false},
} as const

export type LeadSort = keyof typeof SORTS

export type LeadQuery = {
  status: LeadStatus | 'all'
  /** A first-touch source, as lead_sources names it ('(not recorded)' for none), or all. */
  source: string
  campaign: string
  search: string
  sort: LeadSort
  /** From 0. */
  page: number
}

export const ALL = 'all'
export const NOT_RECORDED = '(not recorded)'

export const FIRST_QUERY: LeadQuery = {
  status: 'all',
  source: ALL,
  campaign: ALL,
  search: '',
  sort: 'newest',
  page: 0,
}

/** The search as the database gets it: letters, digits, spaces and what addresses and numbers hold. */
export const searchTerm = (search: string) =>
  search
    .replace(/[^\p{L}\p{N} @+._-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)

/**
 * PostgREST's `or` filter for a search (`*` is its wildcard in a like; a value holding `.` is double-quoted, as its
 * logical operators want), or none for no search.
 */
export function searchFilter(search: string): string | undefined {
  const term = searchTerm(search)
  if (!term) return undefined
  return ['name', 'email', 'phone'].map((column) => `${column}.ilike."*${term}*"`).join(',')
}

/** The rows of a page: `from` and `to` as supabase-js's `.range()` takes them. */
export const pageRange = (page: number) => ({
  from: page * PAGE_SIZE,
  to: page * PAGE_SIZE + PAGE_SIZE - 1,
})
