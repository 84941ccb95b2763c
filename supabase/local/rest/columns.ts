// A table's columns, read once per database: the schema only changes when migrations run, at start.
import type {Database} from '../database.ts'

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
