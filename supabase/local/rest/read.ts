// GET (and HEAD): the rows the filters match, as the caller's role under row-level security, in the asked order,
// a page of them (`limit` and `offset`, or a `Range: 0-49` header), with PostgREST's range headers: every answer
// says which rows it holds (`Content-Range: 0-49/*`) and, with `Prefer: count=exact`, of how many
// (`0-49/1234`), answered 206 when that is part of them and 416 (PGRST103) for an offset past the end
// (https://docs.postgrest.org/en/latest/references/api/pagination_count.html). `Accept:
// application/vnd.pgrst.object+json` asks for one row as an object: 406 (PGRST116) unless exactly one matches
// (#singular-or-plural; postgrest-js's `.single()`).
import {asRequest, type RequestSettings} from '../database.ts'
import {columnChecker, selectList} from './columns.ts'
import {postgrestError} from './errors.ts'
import {filterColumns, filtersOf, whereClause} from './filters.ts'
import {parseLimit, parseOrder} from './query.ts'
import type {RestAnswer, RestRequest} from './types.ts'

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json'

/** The page asked for: `offset` and `limit`, or a `Range` header's first and last row. */
function pageOf(url: URL, range: string | undefined) {
  const rangeHeader = /^(\d+)-(\d*)$/.exec((range ?? '').trim())
  const offsetParam = url.searchParams.get('offset')
  const limitParam = url.searchParams.get('limit')
  const offset = offsetParam !== null ? parseLimit(offsetParam) : Number(rangeHeader?.[1] ?? 0)
  const limit =
    limitParam !== null
      ? parseLimit(limitParam)
      : rangeHeader?.[2]
        ? Number(rangeHeader[2]) - Number(rangeHeader[1]) + 1
        : undefined
  return {offset, limit}
}

export async function selectRows(
  {req, url, claims, db}: RestRequest,
  table: string,
  settings: RequestSettings,
  defaultOrder: string,
): Promise<RestAnswer> {
  const mustExist = await columnChecker(db, table)
  const list = await selectList(db, table, url.searchParams.get('select'))
  const order = parseOrder(url.searchParams.get('order') ?? defaultOrder)
  order.forEach((term) => mustExist(term.column))
  const filters = filtersOf(url.searchParams)
  filters.flatMap(filterColumns).forEach(mustExist)
  const {offset, limit} = pageOf(url, req.headers.range)
  const values: unknown[] = []
  const where = whereClause(filters, `public.${table}`, values)
  const orderBy = order
    .map(
      ({column, direction, nulls}) =>
        `public.${table}."${column}" ${direction}${nulls ? ` nulls ${nulls}` : ''}`,
    )
    .join(', ')
  const page = `${limit === undefined ? '' : ` limit ${limit}`}${offset ? ` offset ${offset}` : ''}`
  const counted = /\bcount=exact\b/.test(String(req.headers.prefer ?? ''))
  const {rows, total} = await asRequest(
    db,
    claims,
    async (tx) => ({
      rows: (
        await tx.query<Record<string, unknown>>(
          `select ${list} from public.${table}${where} order by ${orderBy}${page}`,
          values,
        )
      ).rows,
      total: counted
        ? Number(
            (
              await tx.query<{count: string}>(
                `select count(*) from public.${table}${where}`,
                values,
              )
            ).rows[0]?.count,
          )
        : undefined,
    }),
    settings,
  )
  if (total !== undefined && offset > 0 && offset >= total)
    throw postgrestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    )
  const headers = {
    'Content-Range': `${rows.length ? `${offset}-${offset + rows.length - 1}` : '*'}/${total ?? '*'}`,
  }
  if (String(req.headers.accept ?? '').includes(SINGLE_OBJECT)) {
    if (rows.length !== 1)
      throw postgrestError(
        406,
        'PGRST116',
        'JSON object requested, multiple (or no) rows returned',
        `The result contains ${rows.length} rows`,
      )
    return {status: 200, body: rows[0], headers}
  }
  const partial = total !== undefined && (offset > 0 || offset + rows.length < total)
  return {status: partial ? 206 : 200, body: rows, headers}
}
