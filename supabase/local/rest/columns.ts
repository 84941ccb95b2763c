// A table's columns, read once per database: the schema only changes when migrations run, at start.
import type {Database} from '../database.ts'
import {postgrestError} from './errors.ts'
import {parseSelect} from './query.ts'

const columnCache = new WeakMap<Database, Map<string, Promise<Set<string>>>>()

export function tableColumns(db: Database, table: string): Promise<Set<string>> {
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

/** Throws Postgres' own 42703 for a column `table` does not have, as PostgREST passes it on. */
export async function columnChecker(db: Database, table: string) {
  const known = await tableColumns(db, table)
  return (column: string) => {
    if (column !== '*' && !known.has(column))
      throw postgrestError(400, '42703', `column ${table}.${column} does not exist`)
    return column
  }
}

/** The `select` parameter (default every column) as SQL on `public.<table>`, each column checked. */
export async function selectList(db: Database, table: string, select: string | null) {
  const mustExist = await columnChecker(db, table)
  const columns = parseSelect(select ?? '*').map(mustExist)
  return columns.includes('*')
    ? `public.${table}.*`
    : columns.map((column) => `public.${table}."${column}"`).join(', ')
}

/** PostgREST's answer for a body naming a column the table does not have. */
export async function mustBeColumns(db: Database, table: string, columns: string[]) {
  const known = await tableColumns(db, table)
  const unknown = columns.find((column) => !known.has(column))
  if (unknown !== undefined) {
    throw postgrestError(
      400,
      'PGRST204',
      `Could not find the '${unknown}' column of '${table}' in the schema cache`,
    )
  }
}
