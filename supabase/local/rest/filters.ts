// PostgREST's horizontal filters (`column=[not.]operator.value`), the subset this project sends: eq, neq, gt, gte,
// lt, lte, like, ilike (`*` for `%`), is (null, not_null, true, false, unknown) and in (a list with quoted values),
// as https://docs.postgrest.org/en/latest/references/api/tables_views.html#horizontal-filtering describes them.
// Values are bound parameters whose type Postgres infers from the column, as PostgREST's unknown-typed literals
// are: a value the column cannot hold is Postgres' own error (22P02 and the like), never a silent mismatch.
import {postgrestError} from './errors.ts'

export type Filter = {column: string; negated: boolean; operator: string; value: string}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
}
const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}
const OPERATORS = [...Object.keys(COMPARISONS), 'is', 'in']

/** The query parameters that are not filters (PostgREST's reserved words this stand-in reads). */
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'columns'])

const filterError = (filter: string, details: string) =>
  postgrestError(
    400,
    'PGRST100',
    `"failed to parse filter (${filter})" (line 1, column 1)`,
    details,
  )

/** One parameter's filter: `[not.]operator.value`. */
function parseFilter(column: string, filter: string): Filter {
  const negated = filter.startsWith('not.')
  const rest = negated ? filter.slice(4) : filter
  const dot = rest.indexOf('.')
  const operator = dot === -1 ? rest : rest.slice(0, dot)
  if (dot === -1 || !OPERATORS.includes(operator)) {
    throw filterError(
      filter,
      `unexpected ${JSON.stringify(operator)} expecting "not" or an operator (${OPERATORS.join(', ')})`,
    )
  }
  return {column, negated, operator, value: rest.slice(dot + 1)}
}

/** Every filter of a request's query string, in order. */
export const filtersOf = (params: URLSearchParams): Filter[] =>
  [...params]
    .filter(([name]) => !RESERVED_PARAMS.has(name))
    .map(([column, filter]) => parseFilter(column, filter))

/** `(a,"b,c",d)`: PostgREST's list, whose double-quoted values may hold commas and backslash escapes. */
function parseList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw filterError(`in.${value}`, 'expecting a list in parentheses: in.(a,b,c)')
  const body = value.slice(1, -1)
  const values: string[] = []
  let index = 0
  while (index < body.length) {
    let item = ''
    if (body[index] === '"') {
      index += 1
      while (index < body.length && body[index] !== '"') {
        if (body[index] === '\\') index += 1
        item += body[index] ?? ''
        index += 1
      }
      if (body[index] !== '"') throw filterError(`in.${value}`, 'a quoted value is not closed')
      index += 1
    } else {
      while (index < body.length && body[index] !== ',') item += body[index++]
      item = item.trim()
    }
    values.push(item)
    if (index < body.length && body[index] !== ',')
      throw filterError(`in.${value}`, `unexpected ${JSON.stringify(body[index])} expecting ","`)
    index += 1
  }
  return values
}

/**
 * The SQL of `filters` (and-ed) on `qualifiedTable`'s columns, with their values appended to `values`;
 * an empty string when there are none.
 */
export function whereClause(filters: Filter[], qualifiedTable: string, values: unknown[]): string {
  const conditions = filters.map((filter) => {
    const column = `${qualifiedTable}."${filter.column}"`
    const bind = (value: string) => {
      values.push(value)
      return `$${values.length}`
    }
    let condition: string
    if (filter.operator === 'is') {
      const is = IS_VALUES[filter.value.toLowerCase()]
      if (!is)
        throw filterError(`is.${filter.value}`, 'expecting null, not_null, true, false or unknown')
      condition = `${column} is ${is}`
    } else if (filter.operator === 'in') {
      const list = parseList(filter.value)
      condition = list.length ? `${column} in (${list.map(bind).join(', ')})` : 'false'
    } else {
      const value = filter.operator.endsWith('like')
        ? filter.value.replaceAll('*', '%')
        : filter.value
      condition = `${column} ${COMPARISONS[filter.operator]} ${bind(value)}`
    }
    return filter.negated ? `not (${condition})` : condition
  })
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}
