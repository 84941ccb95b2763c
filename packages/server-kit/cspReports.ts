// The endpoint our Content Security Policies report to (`report-uri` and `report-to`), on each server that sends one:
// a policy that blocks something in production is seen in the server's log, one line a violation. Browsers post
// either format: `report-uri`'s `application/csp-report` (`{"csp-report": {...}}`, CSP Level 2) or the Reporting
// API's `application/reports+json` (`[{"type": "csp-violation", "body": {...}}]`, CSP Level 3). Answered 204;
// anything else a 4xx with why. Bounded: a report is small, and an endpoint anyone may post to must not fill a log.
import type {IncomingMessage} from 'node:http'
import {bodyRefusal, readJsonWithin} from './body.ts'

export const CSP_REPORT_PATH = '/csp-reports'

const MAX_REPORT_BYTES = 64 * 1024
const MAX_DEPTH = 8
/** The most lines one request may write: a page that breaks reports once a violation, not a flood. */
const MAX_LINES = 20
const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json']

type Violation = Record<string, unknown>

const field = (violation: Violation, ...names: string[]) => {
  for (const name of names) {
    const value = violation[name]
    if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 300)
  }
  return '?'
}

/** The violations a body holds, in either format. */
function violationsOf(value: unknown): Violation[] {
  if (Array.isArray(value)) {
    return value
      .filter(
        (report) =>
          typeof report === 'object' && report !== null && report.type === 'csp-violation',
      )
      .map((report) => (typeof report.body === 'object' && report.body !== null ? report.body : {}))
  }
  if (typeof value === 'object' && value !== null && 'csp-report' in value) {
    const report = (value as {'csp-report': unknown})['csp-report']
    return typeof report === 'object' && report !== null ? [report as Violation] : []
  }
  return []
}

/** One line for a violation: where, what was blocked, by which directive. */
export const violationLine = (violation: Violation) =>
  `[csp] ${field(violation, 'documentURL', 'document-uri')}: ${field(violation, 'blockedURL', 'blocked-uri')} blocked by ${field(violation, 'effectiveDirective', 'effective-directive', 'violated-directive')}${
    field(violation, 'sourceFile', 'source-file') === '?'
      ? ''
      : ` (${field(violation, 'sourceFile', 'source-file')}:${field(violation, 'lineNumber', 'line-number')})`
  }`

export async function receiveCspReports(
  req: IncomingMessage,
  log: (line: string) => void = console.warn,
): Promise<{status: number; body?: {message: string}}> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (!REPORT_TYPES.includes(type)) {
    return {
      status: 415,
      body: {message: `Send a CSP report as ${REPORT_TYPES.slice(0, 2).join(' or ')}`},
    }
  }
  let value: unknown
  try {
    value = (await readJsonWithin(req, MAX_REPORT_BYTES, MAX_DEPTH)).value
  } catch (error) {
    const refusal = bodyRefusal(error)
    if (refusal) return {status: refusal.status, body: {message: refusal.message}}
    throw error
  }
  const violations = violationsOf(value)
  if (violations.length === 0)
    return {status: 400, body: {message: 'The body holds no CSP violation report'}}
  for (const violation of violations.slice(0, MAX_LINES)) log(violationLine(violation))
  return {status: 204}
}
