// The part of PostgREST (under /rest/v1) this project uses, on the tables it exposes: insert (POST), read (GET,
// HEAD; read.ts) with pages and counts, update (PATCH) and delete (DELETE; write.ts) with horizontal filters, each through the caller's role, its grants and
// row-level security. Rows go through json_populate_record(set) as in PostgREST, so Postgres itself checks
// types, constraints and privileges, and its errors come back as PostgREST sends them. Each request runs with
// request.headers, .method and .path set.
import {asRequest, type Database, type RequestSettings} from '../database.ts'
import {isRow, readJsonBody, wantsRepresentation} from './body.ts'
import {mustBeColumns, selectList} from './columns.ts'
import {fromPostgres, isPostgresError, postgrestError} from './errors.ts'
import {selectRows} from './read.ts'
import type {RestAnswer, RestRequest} from './types.ts'
import {deleteRows, updateRows} from './write.ts'

/** The tables exposed, each with the order its rows come in without `order` (oldest first). */
const TABLES = new Map([
  ['free_estimate_requests', 'created_at.asc'],
  ['staff', 'added_at.asc'],
])

export async function handleRest(request: RestRequest): Promise<RestAnswer> {
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
  const handler = HANDLERS.get(req.method ?? '')
  if (!handler) throw postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  try {
    return await handler(request, table, settings)
  } catch (error) {
    throw isPostgresError(error) ? fromPostgres(error, request.claims.role !== 'anon') : error
  }
}

type Handler = (
  request: RestRequest,
  table: string,
  settings: RequestSettings,
) => Promise<RestAnswer>

const select: Handler = (request, table, settings) =>
  selectRows(request, table, settings, TABLES.get(table)!)

const HANDLERS = new Map<string, Handler>([
  ['POST', insert],
  ['GET', select],
  ['HEAD', select],
  ['PATCH', updateRows],
  ['DELETE', deleteRows],
])

async function insert(
  {req, url, claims, db}: RestRequest,
  table: string,
  settings: RequestSettings,
) {
  const body = await readJsonBody(req)
  const rows = Array.isArray(body) ? body : [body]
  if (rows.length === 0 || !rows.every(isRow))
    throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  const columns = await insertColumns(db, table, rows, url.searchParams.get('columns'))
  const list = columns.map((column) => `"${column}"`).join(', ')
  const returning = wantsRepresentation(req)
    ? ` returning ${await selectList(db, table, url.searchParams.get('select'))}`
    : ''
  const inserted = await asRequest(
    db,
    claims,
    (tx) =>
      tx.query<Record<string, unknown>>(
        `insert into public.${table} (${list}) select ${list} from json_populate_recordset(null::public.${table}, $1::json)${returning}`,
        [JSON.stringify(rows)],
      ),
    settings,
  )
  return {status: 201, body: returning ? inserted.rows : undefined}
}

/** The columns to insert: `?columns=` when given, else the keys of the rows; each must be the table's. */
async function insertColumns(
  db: Database,
  table: string,
  rows: Record<string, unknown>[],
  requested: string | null,
) {
  const columns = requested
    ? requested.split(',').map((column) => column.trim().replace(/^"|"$/g, ''))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))]
  if (columns.length === 0) throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  await mustBeColumns(db, table, columns)
  return columns
}
