// The functions of schema public as PostgREST's schema cache knows them: each one's input parameters (names,
// types, which may be left out) and what it returns. Read once per database and name: functions only change
// when migrations run, at start. Privileges are not read here: Postgres checks them when the call runs.
import type {Database} from '../database.ts'

export type Parameter = {name: string; type: string; required: boolean}

export type DatabaseFunction = {
  name: string
  parameters: Parameter[]
  /** `returns setof …` or `returns table (…)`: answered as an array. */
  returnsSet: boolean
  /** A composite (row) type: answered as an object. */
  returnsRow: boolean
  returnsVoid: boolean
}

type ProcRow = {
  proname: string
  proretset: boolean
  rettype: string
  typtype: string
  argnames: string[] | null
  argmodes: string[] | null
  argtypes: string[]
  pronargdefaults: number
}

const cache = new WeakMap<Database, Map<string, Promise<DatabaseFunction[]>>>()

/** The functions of schema public named `name` (overloads included). */
export function publicFunctions(db: Database, name: string): Promise<DatabaseFunction[]> {
  let byName = cache.get(db)
  if (!byName) cache.set(db, (byName = new Map()))
  let found = byName.get(name)
  if (!found) {
    found = db
      .query<ProcRow>(
        `select p.proname, p.proretset, p.prorettype::regtype::text as rettype, t.typtype,
           p.proargnames as argnames, p.proargmodes::text[] as argmodes, p.pronargdefaults,
           array(select format_type(oid, null) from unnest(p.proargtypes) as oid) as argtypes
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_type t on t.oid = p.prorettype
         where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
        [name],
      )
      .then(({rows}) => rows.map(describe))
    byName.set(name, found)
  }
  return found
}

/** proargnames and proargmodes cover every argument, OUT and TABLE columns too; proargtypes only the inputs. */
function describe(row: ProcRow): DatabaseFunction {
  const names = row.argnames ?? []
  const inputNames = row.argmodes
    ? names.filter((_, index) => ['i', 'b', 'v'].includes(row.argmodes![index]!))
    : names
  const firstOptional = row.argtypes.length - row.pronargdefaults
  return {
    name: row.proname,
    parameters: row.argtypes.map((type, index) => ({
      name: inputNames[index] ?? '',
      type,
      required: index < firstOptional,
    })),
    returnsSet: row.proretset,
    returnsRow: row.typtype === 'c' || row.rettype === 'record',
    returnsVoid: row.rettype === 'void',
  }
}
