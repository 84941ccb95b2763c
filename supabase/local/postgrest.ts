// The part of PostgREST (under /rest/v1) this project uses: inserting estimate requests (any role, through
// row-level security) and reading them (the service role). Rows go through json_populate_recordset as in
// PostgREST, so Postgres itself checks types, constraints and privileges, and its errors come back as
// PostgREST sends them.
import type {IncomingMessage} from 'node:http'
import {asRequest, type Database, type RequestClaims} from './database.ts'
import {HttpAnswer, readJson} from './http.ts'

const TABLES = new Set(['free_estimate_requests'])

/** A table's columns, read once per database: the schema only changes when migrations run, at start. */
const columnCache = new WeakMap<Database, Map<string, Promise<Set<string>>>>()

function tableColumns(db: Database, table: string): Promise<Set<string>> {
  let tables = columnCache.get(db)
  if (!tables) columnCache.set(db, (tables = new Map()))
  let columns = tables.get(table)
  if (!columns) {
    columns = db
      .query<{column_name: string}>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1",
        [table],
      )
      .then(({rows}) => new Set(rows.map((row) => row.column_name)))
    tables.set(table, columns)
  }
  return columns
}

type PostgresError = Error & {code: string; detail?: string; hint?: string}

/** Errors Postgres raised carry a SQLSTATE; anything else (a bad body, an answer) passes through. */
const isPostgresError = (error: unknown): error is PostgresError =>
  error instanceof Error && 'severity' in error && typeof (error as {code?: unknown}).code === 'string'

const postgrestError = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  new HttpAnswer(status, {code, details, hint, message})

export async function handleRest(req: IncomingMessage, path: string, url: URL, claims: RequestClaims, db: Database) {
  const table = /^\/([a-z_][a-z0-9_]*)$/.exec(path)?.[1]
  if (!table || !TABLES.has(table)) {
    throw postgrestError(404, 'PGRST205', `Could not find the table 'public.${path.slice(1)}' in the schema cache`)
  }
  const profile = req.headers['content-profile'] ?? req.headers['accept-profile'] ?? 'public'
  if (profile !== 'public') throw postgrestError(406, 'PGRST106', 'The schema must be one of the following: public')
  try {
    if (req.method === 'POST') return await insert(req, table, url, claims, db)
    if (req.method === 'GET') return await select(table, url, claims, db)
  } catch (error) {
    throw isPostgresError(error) ? fromPostgres(error, claims) : error
  }
  throw postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
}

async function insert(req: IncomingMessage, table: string, url: URL, claims: RequestClaims, db: Database) {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    throw postgrestError(415, 'PGRST107', `Content-Type not acceptable: ${req.headers['content-type'] ?? 'none'}`)
  }
  const body = await readJson(req)
  const rows = Array.isArray(body) ? body : [body]
  if (rows.length === 0 || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
    throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  }
  const columns = await insertColumns(db, table, rows as Record<string, unknown>[], url.searchParams.get('columns'))
  const list = columns.map((column) => `"${column}"`).join(', ')
  const returnRepresentation = /return=representation/.test(String(req.headers.prefer ?? ''))
  const inserted = await asRequest(db, claims, (tx) =>
    tx.query<Record<string, unknown>>(
      `insert into public.${table} (${list}) select ${list} from json_populate_recordset(null::public.${table}, $1::json)` +
        (returnRepresentation ? ' returning *' : ''),
      [JSON.stringify(rows)],
    ),
  )
  return {status: 201, body: returnRepresentation ? inserted.rows : undefined}
}

/** The columns to insert: `?columns=` when given, else the keys of the rows; each must be the table's. */
async function insertColumns(db: Database, table: string, rows: Record<string, unknown>[], requested: string | null) {
  const known = await tableColumns(db, table)
  const columns = requested
    ? requested.split(',').map((column) => column.trim().replace(/^"|"$/g, ''))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const unknown = columns.find((column) => !known.has(column))
  if (unknown !== undefined) {
    throw postgrestError(400, 'PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`)
  }
  if (columns.length === 0) throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  return columns
}

async function select(table: string, url: URL, claims: RequestClaims, db: Database) {
  const known = await tableColumns(db, table)
  const requested = (url.searchParams.get('select') ?? '*').split(',').map((column) => column.trim())
  const columns = requested.includes('*') ? ['*'] : requested
  for (const column of columns) {
    if (column !== '*' && !known.has(column)) {
      throw postgrestError(400, '42703', `column ${table}.${column} does not exist`)
    }
  }
  const [orderColumn, direction] = (url.searchParams.get('order') ?? 'created_at.asc').split('.')
  if (!orderColumn || !known.has(orderColumn) || !['asc', 'desc', undefined].includes(direction)) {
    throw postgrestError(400, 'PGRST100', `"failed to parse order (${url.searchParams.get('order')})"`)
  }
  const limit = url.searchParams.get('limit')
  if (limit !== null && !/^\d+$/.test(limit)) throw postgrestError(400, 'PGRST100', `"failed to parse limit (${limit})"`)
  const {where, values} = equalityFilters(url.searchParams, known)
  const list = columns.map((column) => (column === '*' ? '*' : `"${column}"`)).join(', ')
  const {rows} = await asRequest(db, claims, (tx) =>
    tx.query(
      `select ${list} from public.${table}${where} order by "${orderColumn}" ${direction ?? 'asc'}${limit ? ` limit ${Number(limit)}` : ''}`,
      values,
    ),
  )
  return {status: 200, body: rows}
}

const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'columns'])

/** `column=eq.value` filters; any other operator is refused rather than ignored. */
function equalityFilters(params: URLSearchParams, known: Set<string>) {
  const conditions: string[] = []
  const values: string[] = []
  for (const [column, filter] of params) {
    if (RESERVED_PARAMS.has(column)) continue
    if (!known.has(column)) throw postgrestError(400, '42703', `column ${column} does not exist`)
    const value = /^eq\.(.*)$/s.exec(filter)?.[1]
    if (value === undefined) throw postgrestError(400, 'PGRST100', `"failed to parse filter (${filter})": only eq is supported here`)
    values.push(value)
    conditions.push(`"${column}"::text = $${values.length}`)
  }
  return {where: conditions.length ? ` where ${conditions.join(' and ')}` : '', values}
}

/** Postgres errors as PostgREST answers them, with its status for each SQLSTATE class this table can raise. */
function fromPostgres(error: PostgresError, claims: RequestClaims): HttpAnswer {
  const {code} = error
  const status =
    code === '42501'
      ? claims.role === 'anon'
        ? 401
        : 403
      : ['23505', '23503'].includes(code)
        ? 409
        : code.startsWith('22') || code.startsWith('23') || code === '42703'
          ? 400
          : 500
  const headers: Record<string, string> = status === 401 ? {'WWW-Authenticate': 'Bearer'} : {}
  return new HttpAnswer(status, {code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message}, headers)
}
