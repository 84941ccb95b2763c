// The part of PostgREST (under /rest/v1) this project uses: inserting estimate requests (any role, through
// row-level security and the table's triggers) and reading them (the service role). Rows go through
// json_populate_recordset as in PostgREST, so Postgres itself checks types, constraints and privileges, and
// its errors come back as PostgREST sends them. Each request runs with request.headers, .method and .path set.
import type {IncomingMessage} from 'node:http'
import {asRequest, type Database, type RequestClaims, type RequestSettings} from '../database.ts'
import {BodyNotJson, BodyNotUtf8} from '@quantedge/server-kit/body'
import {readJson} from '../requestBody.ts'
import {tableColumns} from './columns.ts'
import {fromPostgres, isPostgresError, postgrestError} from './errors.ts'
import {parseEqualityFilter, parseLimit, parseOrder, parseSelect} from './query.ts'

const TABLES = new Set(['free_estimate_requests'])

export type RestRequest = {
  req: IncomingMessage
  path: string
  url: URL
  claims: RequestClaims
  db: Database
  headers: Record<string, string>
}

export async function handleRest(request: RestRequest): Promise<{status: number; body?: unknown}> {
  const {req, path} = request
  const table = /^\/([a-z_][a-z0-9_]*)$/.exec(path)?.[1]
  if (!table || !TABLES.has(table)) {
    throw postgrestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${path.slice(1)}' in the schema cache`,
    )
  }
  const profile = req.headers['content-profile'] ?? req.headers['accept-profile'] ?? 'public'
  if (profile !== 'public')
    throw postgrestError(406, 'PGRST106', 'The schema must be one of the following: public')
  const settings: RequestSettings = {
    headers: request.headers,
    method: req.method,
    path: `/${table}`,
  }
  try {
    if (req.method === 'POST') return await insert(request, table, settings)
    if (req.method === 'GET') return await select(request, table, settings)
  } catch (error) {
    throw isPostgresError(error) ? fromPostgres(error, request.claims.role !== 'anon') : error
  }
  throw postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
}

async function readRows(req: IncomingMessage) {
  try {
    return await readJson(req)
  } catch (error) {
    if (error instanceof BodyNotJson)
      throw postgrestError(400, 'PGRST102', 'Empty or invalid json', error.message)
    // Postgres refuses the bytes itself when PostgREST hands them on (22021, character_not_in_repertoire).
    if (error instanceof BodyNotUtf8)
      throw postgrestError(400, '22021', 'invalid byte sequence for encoding "UTF8"')
    throw error
  }
}

async function insert(
  {req, url, claims, db}: RestRequest,
  table: string,
  settings: RequestSettings,
) {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    throw postgrestError(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${req.headers['content-type'] ?? 'none'}`,
    )
  }
  const body = await readRows(req)
  const rows = Array.isArray(body) ? body : [body]
  if (
    rows.length === 0 ||
    rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  }
  const columns = await insertColumns(
    db,
    table,
    rows as Record<string, unknown>[],
    url.searchParams.get('columns'),
  )
  const list = columns.map((column) => `"${column}"`).join(', ')
  const returnRepresentation = /return=representation/.test(String(req.headers.prefer ?? ''))
  const inserted = await asRequest(
    db,
    claims,
    (tx) =>
      tx.query<Record<string, unknown>>(
        `insert into public.${table} (${list}) select ${list} from json_populate_recordset(null::public.${table}, $1::json)` +
          (returnRepresentation ? ' returning *' : ''),
        [JSON.stringify(rows)],
      ),
    settings,
  )
  return {status: 201, body: returnRepresentation ? inserted.rows : undefined}
}

/** The columns to insert: `?columns=` when given, else the keys of the rows; each must be the table's. */
async function insertColumns(
  db: Database,
  table: string,
  rows: Record<string, unknown>[],
  requested: string | null,
) {
  const known = await tableColumns(db, table)
  const columns = requested
    ? requested.split(',').map((column) => column.trim().replace(/^"|"$/g, ''))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const unknown = columns.find((column) => !known.has(column))
  if (unknown !== undefined) {
    throw postgrestError(
      400,
      'PGRST204',
      `Could not find the '${unknown}' column of '${table}' in the schema cache`,
    )
  }
  if (columns.length === 0) throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  return columns
}

const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'columns'])

async function select({url, claims, db}: RestRequest, table: string, settings: RequestSettings) {
  const known = await tableColumns(db, table)
  const mustExist = (column: string) => {
    if (column !== '*' && !known.has(column))
      throw postgrestError(400, '42703', `column ${table}.${column} does not exist`)
    return column
  }
  const columns = parseSelect(url.searchParams.get('select') ?? '*').map(mustExist)
  const order = parseOrder(url.searchParams.get('order') ?? 'created_at.asc')
  order.forEach((term) => mustExist(term.column))
  const limitParam = url.searchParams.get('limit')
  const limit = limitParam === null ? undefined : parseLimit(limitParam)
  const conditions: string[] = []
  const values: string[] = []
  for (const [column, filter] of url.searchParams) {
    if (RESERVED_PARAMS.has(column)) continue
    mustExist(column)
    values.push(parseEqualityFilter(filter))
    conditions.push(`"${column}"::text = $${values.length}`)
  }
  const list = columns.includes('*') ? '*' : columns.map((column) => `"${column}"`).join(', ')
  const orderBy = order
    .map(
      ({column, direction, nulls}) => `"${column}" ${direction}${nulls ? ` nulls ${nulls}` : ''}`,
    )
    .join(', ')
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : ''
  const {rows} = await asRequest(
    db,
    claims,
    (tx) =>
      tx.query(
        `select ${list} from public.${table}${where} order by ${orderBy}${limit === undefined ? '' : ` limit ${limit}`}`,
        values,
      ),
    settings,
  )
  return {status: 200, body: rows}
}
