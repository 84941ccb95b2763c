// The query parameters this stand-in reads besides filters (select, order, limit; filters.ts), parsed strictly: what
// PostgREST's grammar refuses, and what this subset does not read, is refused with PostgREST's PGRST100
// and its message form (src/library/PostgREST/ApiRequest/QueryParams.hs: `"failed to parse order (…)"
// (line 1, column N)` with the unexpected character in `details`), never silently ignored.
import {postgrestError} from './errors.ts'

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_$]*/y

const parseError = (what: string, value: string, index: number, expecting: string) =>
  postgrestError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${value})" (line 1, column ${index + 1})`,
    index < value.length
      ? `unexpected ${JSON.stringify(value[index])} expecting ${expecting}`
      : `unexpected end of input expecting ${expecting}`,
  )

function identifierAt(value: string, index: number) {
  IDENTIFIER.lastIndex = index
  return IDENTIFIER.exec(value)?.[0]
}

const skipSpaces = (value: string, index: number) => {
  while (value[index] === ' ') index += 1
  return index
}

/** `select=*` or a list of column names. */
export function parseSelect(value: string): string[] {
  const columns: string[] = []
  for (let index = 0; ;) {
    index = skipSpaces(value, index)
    const column = value[index] === '*' ? '*' : identifierAt(value, index)
    if (!column)
      throw parseError(
        'select parameter',
        value,
        index,
        '"*" or a column name (this stand-in reads no embedding, alias, cast or JSON path)',
      )
    columns.push(column)
    index = skipSpaces(value, index + column.length)
    if (index === value.length) return columns
    if (value[index] !== ',')
      throw parseError('select parameter', value, index, '"," or end of input')
    index += 1
  }
}

export type OrderTerm = {column: string; direction: 'asc' | 'desc'; nulls?: 'first' | 'last'}

/** `order=column[.asc|.desc][.nullsfirst|.nullslast],…` */
export function parseOrder(value: string): OrderTerm[] {
  const terms: OrderTerm[] = []
  for (let index = 0; ;) {
    const column = identifierAt(value, index)
    if (!column) throw parseError('order', value, index, 'a column name')
    index += column.length
    const term: OrderTerm = {column, direction: 'asc'}
    const direction = /^\.(asc|desc)(?![A-Za-z0-9_])/.exec(value.slice(index))
    if (direction) {
      term.direction = direction[1] as OrderTerm['direction']
      index += direction[0].length
    }
    const nulls = /^\.nulls(first|last)/.exec(value.slice(index))
    if (nulls) {
      term.nulls = nulls[1] as OrderTerm['nulls']
      index += nulls[0].length
    }
    terms.push(term)
    if (index === value.length) return terms
    if (value[index] !== ',') throw parseError('order', value, index, '"," or end of input')
    index += 1
  }
}

export function parseLimit(value: string): number {
  if (!/^\d+$/.test(value))
    throw parseError('limit parameter', value, value.search(/\D/), 'a digit')
  return Number(value)
}
