// The endpoint our Content Security Policies report to (`report-uri` and `report-to`), on each server that sends one:
// a policy that blocks something in production is seen in the server's log. Anyone may post to it, so what it
// writes is bounded, as report collectors bound it (Sentry's and report-uri's per-project rate limits and their
// grouping of repeated reports):
//   - a visitor (an address, or an IPv6 /64) may send a handful of reports a minute, and everyone together a
//     bounded number; over either, 429 with Retry-After, and each time one goes over the limit its refusal is logged
//     once;
//   - a violation logged within the last ten minutes is counted, not logged again (cspViolations.ts);
//   - a report is at most one log entry, with at most five violations, each field cut to a bound and escaped.
// So a burst from one address writes tens of kilobytes, and a flood kept up at most about 60 KB a minute from one
// address and 600 KB a minute from all together (about 6 KB a report at its longest). Answered 204; anything else
// a 4xx with why. Counted in quantedge_csp_reports_total (taken, or refused and why) and
// quantedge_csp_violations_total (logged, repeated, or past the five of their report).
import {Counter, type Registry} from 'prom-client'
import {bodyRefusal, readJsonWithin} from './body.ts'
import {clientAddress, trustedProxies, visitorKey} from './clientAddress.ts'
import type {Log} from './log.ts'
import {RecentViolations, summaryOf, violationsOf} from './cspViolations.ts'
import {TokenBuckets} from './rateLimit.ts'
import type {HttpRequest} from './send.ts'

export const CSP_REPORT_PATH = '/csp-reports'

const MAX_REPORT_BYTES = 64 * 1024
const MAX_DEPTH = 8
/** The violations one report may log: a page that breaks reports a few, not a flood. */
const MAX_LOGGED = 5
const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json']
const PER_VISITOR = {burst: 10, perMinute: 10}
const FOR_EVERYONE = {burst: 100, perMinute: 100}
const REPEAT_WINDOW_MS = 10 * 60_000
const REMEMBERED_VIOLATIONS = 1000

export type CspAnswer = {status: number; body?: {message: string}; headers?: Record<string, string>}

type ReportRequest = HttpRequest & {socket: {remoteAddress?: string | undefined}}

export type CspReportsOptions = {
  log: Log
  metrics: Registry
  /** Proxies whose X-Forwarded-For names the visitor (clientAddress.ts); loopback by default. */
  trusted?: ReturnType<typeof trustedProxies>
  now?: () => number
}

export class CspReports {
  readonly #log: Log
  readonly #trusted: ReturnType<typeof trustedProxies>
  readonly #perVisitor: TokenBuckets
  readonly #forEveryone: TokenBuckets
  readonly #recent: RecentViolations
  readonly #reports: Counter<'outcome' | 'reason'>
  readonly #violations: Counter<'outcome'>

  constructor({log, metrics, trusted = trustedProxies(), now = Date.now}: CspReportsOptions) {
    this.#log = log
    this.#trusted = trusted
    this.#perVisitor = new TokenBuckets({...PER_VISITOR, now})
    this.#forEveryone = new TokenBuckets({...FOR_EVERYONE, now})
    this.#recent = new RecentViolations({
      windowMs: REPEAT_WINDOW_MS,
      max: REMEMBERED_VIOLATIONS,
      now,
    })
    this.#reports = new Counter({
      name: 'quantedge_csp_reports_total',
      help: 'CSP reports posted: taken, or refused (reason: rate_limit, invalid)',
      labelNames: ['outcome', 'reason'] as const,
      registers: [metrics],
    })
    this.#violations = new Counter({
      name: 'quantedge_csp_violations_total',
      help: 'Violations in the CSP reports taken: logged, repeated (logged within the last 10 minutes), or unlogged (past the 5 a report may log)',
      labelNames: ['outcome'] as const,
      registers: [metrics],
    })
    this.#reports.inc({outcome: 'taken'}, 0)
    for (const reason of ['rate_limit', 'invalid'])
      this.#reports.inc({outcome: 'refused', reason}, 0)
    for (const outcome of ['logged', 'repeated', 'unlogged']) this.#violations.inc({outcome}, 0)
  }

  async receive(req: ReportRequest): Promise<CspAnswer> {
    const address = clientAddress(req, this.#trusted)
    const limited = this.#limit(address)
    if (limited) return limited
    const answer = await this.#read(req)
    if ('status' in answer) {
      this.#reports.inc({outcome: 'refused', reason: 'invalid'})
      return answer
    }
    this.#reports.inc({outcome: 'taken'})
    const logged = []
    let unlogged = 0
    for (const violation of answer.violations.map(summaryOf)) {
      // Past the five a report may log, a violation is counted but not remembered as logged: a report could
      // otherwise keep a real violation out of the log for ten minutes without ever writing it.
      if (logged.length === MAX_LOGGED) {
        unlogged += 1
        continue
      }
      const noted = this.#recent.note(violation)
      if (!noted.log) this.#violations.inc({outcome: 'repeated'})
      else
        logged.push(
          noted.repeatsSinceLogged > 0
            ? {...violation, repeatsSinceLogged: noted.repeatsSinceLogged}
            : violation,
        )
    }
    this.#violations.inc({outcome: 'logged'}, logged.length)
    this.#violations.inc({outcome: 'unlogged'}, unlogged)
    if (logged.length > 0)
      this.#log.warn(
        {clientAddress: address, violations: logged, ...(unlogged > 0 ? {unlogged} : {})},
        'CSP violation reported',
      )
    return {status: 204}
  }

  /** The 429 for a visitor, or everyone, over the limit; the first refusal of a flood is logged. */
  #limit(address: string): CspAnswer | undefined {
    const key = visitorKey(address)
    const visitor = this.#perVisitor.take(key)
    const everyone = visitor.taken ? this.#forEveryone.take('everyone') : visitor
    if (everyone.taken) return undefined
    this.#reports.inc({outcome: 'refused', reason: 'rate_limit'})
    if (everyone.firstRefusal)
      this.#log.warn(
        visitor.taken
          ? {limit: FOR_EVERYONE}
          : {clientAddress: address, visitor: key, limit: PER_VISITOR},
        visitor.taken
          ? 'CSP reports refused: over the limit for everyone; further refusals are counted, not logged'
          : 'CSP reports refused: over the limit for one visitor; further refusals are counted, not logged',
      )
    return {
      status: 429,
      body: {message: `Too many CSP reports; send again in ${everyone.retryAfterSeconds} s`},
      headers: {'Retry-After': String(everyone.retryAfterSeconds)},
    }
  }

  /** The report's violations, or the 4xx that says why there are none. */
  async #read(req: ReportRequest): Promise<{violations: Record<string, unknown>[]} | CspAnswer> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (!REPORT_TYPES.includes(type))
      return {
        status: 415,
        body: {message: `Send a CSP report as ${REPORT_TYPES.slice(0, 2).join(' or ')}`},
      }
    let body: unknown
    try {
      body = (await readJsonWithin(req, MAX_REPORT_BYTES, MAX_DEPTH)).value
    } catch (error) {
      const refusal = bodyRefusal(error)
      if (refusal) return {status: refusal.status, body: {message: refusal.message}}
      throw error
    }
    const violations = violationsOf(body)
    if (violations.length === 0)
      return {status: 400, body: {message: 'The body holds no CSP violation report'}}
    return {violations}
  }
}
