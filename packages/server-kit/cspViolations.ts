// What a CSP report says, as a log entry's fields, and which violations were logged lately. Browsers post either
// format: `report-uri`'s `application/csp-report` (`{"csp-report": {...}}`, CSP Level 2, kebab-case names) or the
// Reporting API's `application/reports+json` (`[{"type": "csp-violation", "body": {...}}]`, CSP Level 3, camelCase
// names; https://w3c.github.io/webappsec-csp/#reporting). Every value is the sender's: each is cut to a bound and
// escaped (log.ts clientText), and the page's and the blocked address lose their query and fragment (a page's
// query may hold a visitor's tokens, and would make every visit a violation of its own).
import {clientText} from './log.ts'

type Violation = Record<string, unknown>

/** A violation as logged: where, what was blocked, by which directive, from which line of which script. */
export type ViolationSummary = {
  document: string
  blocked: string
  directive: string
  source?: string
  sample?: string
  disposition?: string
}

const URL_CHARS = 160

const value = (violation: Violation, ...names: string[]) => {
  for (const name of names) {
    const found = violation[name]
    if (typeof found === 'string' || typeof found === 'number') return String(found)
  }
  return undefined
}

/** An address without its query and fragment; a keyword (`inline`, `eval`, `data`) as it is. */
const withoutQuery = (address: string) => address.replace(/[?#].*$/s, '')

/** The violations a body holds, in either format. */
export function violationsOf(body: unknown): Violation[] {
  if (Array.isArray(body)) {
    return body
      .filter(
        (report) =>
          typeof report === 'object' && report !== null && report.type === 'csp-violation',
      )
      .map((report) => (typeof report.body === 'object' && report.body !== null ? report.body : {}))
  }
  if (typeof body === 'object' && body !== null && 'csp-report' in body) {
    const report = (body as {'csp-report': unknown})['csp-report']
    return typeof report === 'object' && report !== null ? [report as Violation] : []
  }
  return []
}

export function summaryOf(violation: Violation): ViolationSummary {
  const file = value(violation, 'sourceFile', 'source-file')
  const line = value(violation, 'lineNumber', 'line-number')
  const column = value(violation, 'columnNumber', 'column-number')
  const sample = value(violation, 'sample', 'script-sample')
  const disposition = value(violation, 'disposition')
  return {
    document: clientText(
      withoutQuery(value(violation, 'documentURL', 'document-uri') ?? '?'),
      URL_CHARS,
    ),
    blocked: clientText(
      withoutQuery(value(violation, 'blockedURL', 'blocked-uri') ?? '?'),
      URL_CHARS,
    ),
    directive: clientText(
      value(violation, 'effectiveDirective', 'effective-directive', 'violated-directive') ?? '?',
      40,
    ),
    ...(file
      ? {source: clientText(`${withoutQuery(file)}:${line ?? '?'}:${column ?? '?'}`, URL_CHARS)}
      : {}),
    // Browsers send the first 40 characters of the blocked code.
    ...(sample ? {sample: clientText(sample, 40)} : {}),
    ...(disposition ? {disposition: clientText(disposition, 10)} : {}),
  }
}

/** One violation's identity: the same one seen again (another visitor, another load) is a repeat. */
const keyOf = ({document, blocked, directive, source}: ViolationSummary) =>
  `${document}\n${blocked}\n${directive}\n${source ?? ''}`

/**
 * The violations logged within the last `windowMs`: one seen again meanwhile is counted, not logged again; once the
 * window has passed, it is logged again with how often it came meanwhile. Remembers at most `max`, forgetting the
 * oldest first.
 */
export class RecentViolations {
  readonly #windowMs: number
  readonly #max: number
  readonly #now: () => number
  readonly #logged = new Map<string, {at: number; repeats: number}>()

  constructor({
    windowMs,
    max,
    now = Date.now,
  }: {
    windowMs: number
    max: number
    now?: () => number
  }) {
    this.#windowMs = windowMs
    this.#max = max
    this.#now = now
  }

  /** Whether `violation` is to be logged now, and how often it came since it last was. */
  note(violation: ViolationSummary): {log: false} | {log: true; repeatsSinceLogged: number} {
    const key = keyOf(violation)
    const now = this.#now()
    const seen = this.#logged.get(key)
    if (seen && now - seen.at < this.#windowMs) {
      seen.repeats += 1
      return {log: false}
    }
    this.#logged.delete(key)
    this.#logged.set(key, {at: now, repeats: 0})
    if (this.#logged.size > this.#max) this.#logged.delete(this.#logged.keys().next().value!)
    return {log: true, repeatsSinceLogged: seen?.repeats ?? 0}
  }
}
