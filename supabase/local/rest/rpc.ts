// PostgREST's functions as RPC, the part supabase-js's rpc() sends (docs.postgrest.org, references/api/
// functions.rst "Calling with POST"): POST /rest/v1/rpc/<function> with a JSON object whose keys are the
// function's named parameters. The function is found by its name and those keys as PostgREST finds it (every
// key a parameter, every parameter without a default given), else PGRST202 in PostgREST's words (Error.hs,
// NoRpc). It runs as the request's role, so Postgres itself refuses a role without EXECUTE (42501: 401 for
// anon, 403 for a signed-in user), as on Supabase. Arguments are typed by json_to_record, as PostgREST does.
// Not read here, so refused rather than ignored: GET calls, filters on the result, Prefer: params=single-object.
import type {IncomingMessage} from 'node:http'
import {asRequest, type Database, type RequestClaims, type RequestSettings} from '../database.ts'
import {readJsonBody} from './body.ts'
import {fromPostgres, isPostgresError, postgrestError} from './errors.ts'
import {publicFunctions, type DatabaseFunction} from './functions.ts'

export type RpcRequest = {
  req: IncomingMessage
  name: string
  url: URL
  claims: RequestClaims
  db: Database
  headers: Record<string, string>
}

/** The answer as PostgREST gives it: the function's result as JSON text, or no body for a void function. */
export async function handleRpc(request: RpcRequest): Promise<{status: number; json?: string}> {
  const {req, name, url, claims, db, headers} = request
  if (req.method !== 'POST')
    throw postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  const profile = req.headers['content-profile'] ?? 'public'
  if (profile !== 'public')
    throw postgrestError(406, 'PGRST106', 'The schema must be one of the following: public')
  if ([...url.searchParams.keys()].length > 0) {
    throw postgrestError(
      400,
      'PGRST100',
      `"failed to parse filter (${url.search.slice(1)})" (line 1, column 1)`,
      'this stand-in reads no filters, select or order on a function call',
    )
  }
  if (/params=single-object/.test(String(req.headers.prefer ?? '')))
    throw postgrestError(
      400,
      'PGRST100',
      'this stand-in does not read Prefer: params=single-object',
    )
  const args = await readArguments(req)
  const fn = await findFunction(db, name, Object.keys(args))
  const settings: RequestSettings = {headers, method: 'POST', path: `/rpc/${name}`}
  try {
    const {rows} = await asRequest(
      db,
      claims,
      (tx) => tx.query<{result: unknown}>(callSql(fn, Object.keys(args)), [JSON.stringify(args)]),
      settings,
    )
    if (fn.returnsVoid) return {status: 204}
    return {status: 200, json: JSON.stringify(rows[0]?.result ?? null)}
  } catch (error) {
    throw isPostgresError(error) ? fromPostgres(error, claims.role !== 'anon') : error
  }
}

async function readArguments(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req, 'application/json')
  if (body === undefined) return {}
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw postgrestError(400, 'PGRST102', 'Empty or invalid json')
  return body as Record<string, unknown>
}

/** The one function of that name whose parameters the keys name, as PostgREST picks it. */
async function findFunction(db: Database, name: string, keys: string[]): Promise<DatabaseFunction> {
  const candidates = await publicFunctions(db, name)
  const given = new Set(keys)
  const matches = candidates.filter(
    ({parameters}) =>
      keys.every((key) => parameters.some((parameter) => parameter.name === key)) &&
      parameters.every((parameter) => !parameter.required || given.has(parameter.name)),
  )
  if (matches.length === 1) return matches[0]!
  if (matches.length > 1) {
    throw postgrestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const sorted = [...keys].sort()
  const withParameters = (list: string[]) =>
    list.length === 0
      ? ' without parameters'
      : ` with parameter${list.length > 1 ? 's' : ''} ${list.join(', ')}`
  const function_ = `public.${name}`
  throw postgrestError(
    404,
    'PGRST202',
    `Could not find the function ${function_}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`,
    `Searched for the function ${function_}${withParameters(sorted)} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    // PostgREST also suggests functions of similar names; this stand-in names only one of the same name.
    candidates[0]
      ? `Perhaps you meant to call the function public.${name}(${candidates[0].parameters
          .map((parameter) => parameter.name)
          .sort()
          .join(', ')})`
      : null,
  )
}

const signature = ({name, parameters}: DatabaseFunction) =>
  `public.${name}(${parameters.map((parameter) => `${parameter.name} => ${parameter.type}`).join(', ')})`

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** The call with the given arguments by name, each read from the body ($1) at its parameter's type. */
function callSql(fn: DatabaseFunction, keys: string[]): string {
  const given = fn.parameters.filter((parameter) => keys.includes(parameter.name))
  const call = `public.${quoted(fn.name)}(${given
    .map(({name}) => `${quoted(name)} := args.${quoted(name)}`)
    .join(', ')})`
  const from = `json_to_record($1::json) as args(${
    given.length > 0
      ? given.map(({name, type}) => `${quoted(name)} ${type}`).join(', ')
      : // json_to_record needs a column list; a function without arguments reads none of it.
        'unused text'
  })`
  if (fn.returnsSet)
    return `select coalesce(json_agg(result), '[]'::json) as result from ${from}, lateral ${call} as result`
  if (fn.returnsRow)
    return `select to_json(result) as result from ${from}, lateral ${call} as result`
  if (fn.returnsVoid) return `select ${call} from ${from}`
  return `select to_json(${call}) as result from ${from}`
}
