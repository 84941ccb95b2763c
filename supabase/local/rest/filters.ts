// PostgREST's horizontal filters (`column=[not.]operator.value`), the subset this project sends: eq, neq, gt, gte,
// lt, lte, like, ilike (`*` for `%`), is (null, not_null, true, false, unknown) and in (a list with quoted values),
// as https://docs.postgrest.org/en/latest/references/api/tables_views.html#horizontal-filtering describes them; and
// its logical operators, `or=(…)` and `and=(…)` (also negated, `not.or=`), whose members are filters written
// `column.operator.value` or nested `or(…)`/`and(…)`, a value double-quoted when it holds `,.:()`
// (#logical-operators; postgrest-js's `.or()` sends them).
// Values are bound parameters whose type Postgres infers from the column, as PostgREST's unknown-typed literals
// are: a value the column cannot hold is Postgres' own error (22P02 and the like), never a silent mismatch.
import {postgrestError} from './errors.ts'

export type Filter =
  | {column: string; negated: boolean; operator: string; value: string}
  | {logic: 'or' | 'and'; negated: boolean; members: Filter[]}

const LOGIC = new Set(['or', 'and'])

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
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns'])

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

/** The members of a logic tree's `(…)`, split at its top-level commas, quoted values kept whole. */
function members(tree: string, list: string): string[] {
  if (!list.startsWith('(') || !list.endsWith(')'))
    throw filterError(tree, 'expecting a list of filters in parentheses: or=(a.eq.1,b.eq.2)')
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let index = 1; index < list.length - 1; index += 1) {
    const char = list[index]!
    if (char === '\\' && quoted) {
      current += char + (list[index + 1] ?? '')
      index += 1
      continue
    }
    if (char === '"') quoted = !quoted
    if (!quoted && char === '(') depth += 1
    if (!quoted && char === ')') depth -= 1
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current)
      current = ''
    } else current += char
  }
  if (quoted || depth !== 0) throw filterError(tree, 'a quote or parenthesis is not closed')
  parts.push(current)
  return parts
}

/** A logic tree's member: `column.[not.]operator.value` (its value unquoted), or a nested `[not.]or(…)`. */
function parseMember(tree: string, member: string): Filter {
  const nested = /^(not\.)?(or|and)(\(.*\))$/s.exec(member)
  if (nested) return parseLogic(tree, nested[2] as 'or' | 'and', Boolean(nested[1]), nested[3]!)
  const dot = member.indexOf('.')
  if (dot <= 0) throw filterError(tree, `unexpected ${JSON.stringify(member)} expecting a filter`)
  const filter = parseFilter(member.slice(0, dot), member.slice(dot + 1))
  if ('logic' in filter) return filter
  const quoted = /^"((?:[^"\\]|\\.)*)"$/s.exec(filter.value)
  return quoted ? {...filter, value: quoted[1]!.replace(/\\(.)/g, '$1')} : filter
}

function parseLogic(tree: string, logic: 'or' | 'and', negated: boolean, list: string): Filter {
  return {logic, negated, members: members(tree, list).map((member) => parseMember(tree, member))}
}

/** Every filter of a request's query string, in order. */
export const filtersOf = (params: URLSearchParams): Filter[] =>
  [...params]
    .filter(([name]) => !RESERVED_PARAMS.has(name))
    .map(([name, filter]) => {
      const logic = name.replace(/^not\./, '')
      return LOGIC.has(logic)
        ? parseLogic(`${name}=${filter}`, logic as 'or' | 'and', name.startsWith('not.'), filter)
        : parseFilter(name, filter)
    })

/** The columns a filter names, at any depth. */
export const filterColumns = (filter: Filter): string[] =>
  'logic' in filter ? filter.members.flatMap(filterColumns) : [filter.column]

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
  const conditions = filters.map((filter) => condition(filter, qualifiedTable, values))
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

function condition(filter: Filter, qualifiedTable: string, values: unknown[]): string {
  if ('logic' in filter) {
    const joined = filter.members
      .map((member) => condition(member, qualifiedTable, values))
      .join(` ${filter.logic} `)
    return filter.negated ? `not (${joined})` : `(${joined})`
  }
  const column = `${qualifiedTable}."${filter.column}"`
  const bind = (value: string) => {
    values.push(value)
    return `$${values.length}`
  }
  let sql: string
  if (filter.operator === 'is') {
    const is = IS_VALUES[filter.value.toLowerCase()]
    if (!is)
      throw filterError(`is.${filter.value}`, 'expecting null, not_null, true, false or unknown')
    sql = `${column} is ${is}`
  } else if (filter.operator === 'in') {
    const list = parseList(filter.value)
    sql = list.length ? `${column} in (${list.map(bind).join(', ')})` : 'false'
  } else {
    const value = filter.operator.endsWith('like')
      ? filter.value.replaceAll('*', '%')
      : filter.value
    sql = `${column} ${COMPARISONS[filter.operator]} ${bind(value)}`
  }
  return filter.negated ? `not (${sql})` : sql
}
