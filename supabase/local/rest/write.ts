// PATCH and DELETE: the rows the filters match, changed or removed in one statement as the caller's role, so
// grants (column by column for an update) and row-level security decide; rows a policy hides are simply not
// matched, as in PostgREST. `Prefer: return=representation` answers 200 with the rows (the `select` columns),
// else 204 (https://docs.postgrest.org/en/latest/references/api/tables_views.html#update and #delete).
// Supabase loads pg-safeupdate for the role PostgREST connects as (its API guide, "Safeguards towards accidental
// deletes and updates"), so a PATCH or DELETE without a filter is refused there (21000), and here.
import {asRequest, type RequestSettings} from '../database.ts'
import {isRow, readJsonBody, wantsRepresentation} from './body.ts'
import {columnChecker, mustBeColumns, selectList} from './columns.ts'
import {postgrestError} from './errors.ts'
import {filterColumns, filtersOf, whereClause} from './filters.ts'
import type {RestAnswer, RestRequest} from './types.ts'

async function filteredStatement(
  {url, db}: RestRequest,
  table: string,
  statement: 'UPDATE' | 'DELETE',
  values: unknown[],
) {
  // PostgREST's limited updates and deletes (limit with order) are not part of this subset: refused, not ignored.
  const limiting = ['limit', 'offset', 'order'].find((name) => url.searchParams.has(name))
  if (limiting) {
    throw postgrestError(
      400,
      'PGRST100',
      `"failed to parse ${limiting} parameter (${url.searchParams.get(limiting)})" (line 1, column 1)`,
      `this stand-in does not limit a ${statement === 'UPDATE' ? 'PATCH' : 'DELETE'}`,
    )
  }
  const filters = filtersOf(url.searchParams)
  const mustExist = await columnChecker(db, table)
  filters.flatMap(filterColumns).forEach(mustExist)
  if (filters.length === 0)
    throw postgrestError(400, '21000', `${statement} requires a WHERE clause`)
  return whereClause(filters, `public.${table}`, values)
}

async function run(
  request: RestRequest,
  table: string,
  settings: RequestSettings,
  sql: string,
  values: unknown[],
): Promise<RestAnswer> {
  const {req, url, db, claims} = request
  const representation = wantsRepresentation(req)
  const returning = representation
    ? ` returning ${await selectList(db, table, url.searchParams.get('select'))}`
    : ''
  const {rows} = await asRequest(db, claims, (tx) => tx.query(sql + returning, values), settings)
  return representation ? {status: 200, body: rows} : {status: 204}
}

export async function updateRows(
  request: RestRequest,
  table: string,
  settings: RequestSettings,
): Promise<RestAnswer> {
  const body = await readJsonBody(request.req)
  if (!isRow(body)) throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  const columns = Object.keys(body)
  await mustBeColumns(request.db, table, columns)
  const values: unknown[] = [JSON.stringify(body)]
  const where = await filteredStatement(request, table, 'UPDATE', values)
  // Nothing to set: PostgREST changes nothing and answers as if no row matched.
  if (columns.length === 0)
    return wantsRepresentation(request.req) ? {status: 200, body: []} : {status: 204}
  const assignments = columns.map((column) => `"${column}" = pgrst_body."${column}"`).join(', ')
  return run(
    request,
    table,
    settings,
    `update public.${table} set ${assignments} from json_populate_record(null::public.${table}, $1::json) as pgrst_body${where}`,
    values,
  )
}

export async function deleteRows(
  request: RestRequest,
  table: string,
  settings: RequestSettings,
): Promise<RestAnswer> {
  const values: unknown[] = []
  const where = await filteredStatement(request, table, 'DELETE', values)
  return run(request, table, settings, `delete from public.${table}${where}`, values)
}
