// What the servers write about themselves, through pino: in production one JSON object a line (LOG_FORMAT=json,
// the default), so no value can start a line of its own; on this machine one readable line an entry
// (LOG_FORMAT=pretty in .env.example, through pino-pretty: time, level, server, message, then the entry's fields as
// JSON on the same line). Every entry names its level, time and server, and while a request is answered its id
// (requestContext.ts). Anything a client sent goes in as a field through clientText, bounded and with its control
// characters escaped, never into the message.
import pino, {type DestinationStream, type Logger} from 'pino'
import pretty from 'pino-pretty'
import {currentRequestId} from './requestContext.ts'
import type {Env} from './settings.ts'

export type Log = Logger

export type LogFormat = 'json' | 'pretty'
export type LogSettings = {level: string; format: LogFormat}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** LOG_LEVEL (default info) and LOG_FORMAT (default json); anything else is refused with the setting's name. */
export function readLogEnv(env: Env = process.env): LogSettings {
  const level = env.LOG_LEVEL || 'info'
  if (!LEVELS.includes(level))
    throw new Error(`LOG_LEVEL "${level}" is not one of ${LEVELS.join(', ')}`)
  const format = env.LOG_FORMAT || 'json'
  if (format !== 'json' && format !== 'pretty')
    throw new Error(`LOG_FORMAT "${format}" is neither json nor pretty`)
  return {level, format}
}

/**
 * Characters that end or rewrite a line somewhere a log is read: C0 and C1 controls (newline, carriage return,
 * escape, NEL), DEL, the line and paragraph separators, and the bidirectional overrides that reorder what a
 * terminal shows.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`

/** A value a client sent, as a log field: control characters escaped, then cut to `max` characters (and …). */
export function clientText(value: unknown, max = 200): string {
  const text = (typeof value === 'string' ? value : String(value)).replace(UNSAFE, escaped)
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function options(level: string): pino.LoggerOptions {
  return {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {level: (label) => ({level: label})},
    // A new object every entry: pino merges the entry's fields into what the mixin returns.
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? {requestId} : {}
    },
  }
}

/** The entry's own fields, as pino-pretty would leave them after the time, level and message. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'server'])

/** An entry's fields as one line of JSON, with what JSON leaves as it is (NEL, the separators) escaped too. */
function fieldsLine(entry: Record<string, unknown>): string {
  const fields = Object.fromEntries(Object.entries(entry).filter(([key]) => !OWN_FIELDS.has(key)))
  return Object.keys(fields).length ? ` ${JSON.stringify(fields).replace(UNSAFE, escaped)}` : ''
}

/**
 * pino-pretty's single line: `[time] LEVEL: server: message {fields}`; our own messages escaped all the same. The
 * fields are written here rather than by pino-pretty, which puts an error (`err`) on lines of its own, and an
 * error's message can hold what a client sent.
 */
const readable = (destination: DestinationStream | number, colorize: boolean) =>
  pretty({
    sync: true,
    hideObject: true,
    colorize,
    destination,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname',
    messageFormat: (entry, messageKey) =>
      `${clientText(entry.server ?? '?', 40)}: ${clientText(entry[messageKey] ?? '', 10_000)}${fieldsLine(entry)}`,
  })

/** A logger writing to `destination` (standard output by default) as `settings` say. */
export function createLog(settings: LogSettings, destination?: DestinationStream): Log {
  if (settings.format === 'pretty')
    return pino(
      options(settings.level),
      readable(destination ?? 1, destination === undefined && process.stdout.isTTY),
    )
  return destination ? pino(options(settings.level), destination) : pino(options(settings.level))
}

/** What a part that says plain lines needs of a log, at three levels; a server's pino logger is one. */
export type Lines = Record<'info' | 'warn' | 'error', (line: string) => void>

let processLog: Log | undefined

/** The log of one server in this process (`server`: its name in every entry), as LOG_LEVEL and LOG_FORMAT say. */
export function serverLog(server: string): Log {
  processLog ??= createLog(readLogEnv())
  return processLog.child({server})
}
