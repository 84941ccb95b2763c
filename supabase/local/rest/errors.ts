// PostgREST's error answers: its own (PGRSTxxx) and Postgres' errors with the HTTP status PostgREST gives
// each SQLSTATE (PostgREST src/library/PostgREST/Error.hs, mapSQLtoHTTP; docs/references/errors.rst),
// including a raised PTxyz (status xyz) and a raised PGRST whose message and detail are JSON.
import {HttpError} from '@quantedge/server-kit/httpError'

export type PostgresError = Error & {code: string; detail?: string; hint?: string}

/** Errors Postgres raised carry a SQLSTATE; anything else (a bad body, an answer) passes through. */
export const isPostgresError = (error: unknown): error is PostgresError =>
  error instanceof Error &&
  'severity' in error &&
  typeof (error as {code?: unknown}).code === 'string'

export const postgrestError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
) => new HttpError(status, {code, details, hint, message}, headers)

const PREFIX_STATUS: [string, number][] = [
  ['08', 503],
  ['09', 500],
  ['0L', 403],
  ['0P', 403],
  ['25', 500],
  ['28', 403],
  ['2D', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['53', 503],
  ['54', 500],
  ['55', 500],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['P0', 500],
  ['XX', 500],
]
const CODE_STATUS: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '53400': 500,
  '57P01': 503,
  'P0001': 400,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
}

function statusOf(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401
  if (CODE_STATUS[code] !== undefined) return CODE_STATUS[code]!
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  return PREFIX_STATUS.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400
}

/** A Postgres error as PostgREST answers it; `authenticated` is whether the request had a user's token. */
export function fromPostgres(error: PostgresError, authenticated: boolean): HttpError {
  if (error.code === 'PGRST') return raisedPgrst(error)
  const status = statusOf(error.code, authenticated)
  return postgrestError(
    status,
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? {'WWW-Authenticate': 'Bearer'} : {},
  )
}

type RaisedMessage = {code: string; message: string; details?: string | null; hint?: string | null}
type RaisedDetail = {status: number; headers?: Record<string, string>}

function raisedPgrst(error: PostgresError): HttpError {
  const message = parseObject<RaisedMessage>(error.message)
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string') {
    return parseFailure(
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    )
  }
  if (error.detail === undefined)
    return parseFailure('DETAIL is missing in the RAISE statement', detailHint)
  const detail = parseObject<RaisedDetail>(error.detail)
  if (!detail || !Number.isInteger(detail.status))
    return parseFailure(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint)
  return postgrestError(
    detail.status,
    message.code,
    message.message,
    message.details ?? null,
    message.hint ?? null,
    detail.headers ?? {},
  )
}

const detailHint =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."

const parseFailure = (details: string, hint: string) =>
  postgrestError(
    500,
    'PGRST121',
    `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    details,
    hint,
  )

function parseObject<T>(text: string): T | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as T)
      : undefined
  } catch {
    return undefined
  }
}
