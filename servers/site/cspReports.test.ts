// The CSP report endpoint of the site server, as anyone on the internet may post to it: a report is one entry in the
// log, whatever its fields hold; a flood from one address is refused with 429 and Retry-After after a handful, grows
// the log by a bounded amount, and the site keeps answering meanwhile; a violation already logged is counted, not
// logged again; behind the edge, each visitor is limited by the address the edge names, not the edge's own.
import {appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Writable} from 'node:stream'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {createLog, type LogFormat} from '@quantedge/server-kit/log'
import {scrape} from '@quantedge/test-support/metrics'
import {startSiteServer} from './server.ts'

let root: string
let logs: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'csp-site-'))
  logs = mkdtempSync(join(tmpdir(), 'csp-logs-'))
  writeFileSync(join(root, 'index.html'), `<h1>Home</h1>${'<p>text</p>'.repeat(200)}`)
})
afterAll(() => {
  rmSync(root, {recursive: true, force: true})
  rmSync(logs, {recursive: true, force: true})
})

/** A site server whose log goes to a file of its own, in `format`. */
async function siteLoggingTo(name: string, format: LogFormat = 'json') {
  const file = join(logs, name)
  writeFileSync(file, '')
  const destination = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      appendFileSync(file, chunk)
      done()
    },
  })
  const site = await startSiteServer(root, 0, '127.0.0.1', {
    log: createLog({level: 'info', format}, destination).child({server: 'site'}),
  })
  return {site, file, size: () => statSync(file).size, lines: () => lines(file)}
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean)

/** A violation in the Reporting API's format whose every field an attacker filled. */
const violation = (marker: string, filler: string) => ({
  type: 'csp-violation',
  body: {
    documentURL: `https://site/x${filler}${marker}`,
    blockedURL: `https://evil.example/${marker}${filler}`,
    effectiveDirective: `script-src-elem${filler}`,
    sourceFile: `https://site/${marker}${filler}`,
    lineNumber: 1,
    sample: filler,
    disposition: 'enforce',
  },
})

type Answer = {status: number; retryAfter: string | undefined}

/** POSTs `body` from the local address `from` (any of 127/8), over connections kept alive for that address. */
function postFrom(agent: Agent, url: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${url}/csp-reports`,
      {method: 'POST', agent, headers: {'Content-Type': 'application/reports+json', ...headers}},
      (res) => {
        res.resume()
        res.once('end', () =>
          resolve({status: res.statusCode ?? 0, retryAfter: res.headers['retry-after']}),
        )
      },
    )
    req.once('error', reject)
    req.end(body)
  })
}

const agentFrom = (localAddress: string) =>
  new Agent({keepAlive: true, localAddress, maxSockets: 20})

it('writes a report whose fields hold newlines and control characters as one line, one object', async () => {
  for (const format of ['json', 'pretty'] as const) {
    const {site, lines: read} = await siteLoggingTo(`forged-${format}.log`, format)
    try {
      const forged = '\n[publish] render #999 FORGED\r\u001b[2K\u0085\u2028\u0000'
      const answer = await postFrom(
        agentFrom('127.0.4.1'),
        site.url,
        JSON.stringify([violation('one', forged)]),
      )
      expect(answer.status).toBe(204)
      const written = read()
      expect(written, format).toHaveLength(1)
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(written[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      if (format === 'json') {
        const entry = JSON.parse(written[0]!) as Record<string, unknown>
        expect(entry).toMatchObject({level: 'warn', server: 'site', msg: 'CSP violation reported'})
        expect(entry.time).toEqual(expect.any(String))
        expect(entry.requestId).toEqual(expect.any(String))
        // The page's and the blocked address lose what follows `?` or `#` (here: from "#999" on).
        expect(entry.violations).toEqual([
          {
            document: 'https://site/x\\u000a[publish] render ',
            blocked: 'https://evil.example/one\\u000a[publish] render ',
            directive: 'script-src-elem\\u000a[publish] render #9…',
            source: 'https://site/one\\u000a[publish] render :1:?',
            sample: '\\u000a[publish] render #999 FORGED\\u000d…',
            disposition: 'enforce',
          },
        ])
      } else {
        expect(written[0]).toMatch(
          /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: site: CSP violation reported \{/,
        )
      }
    } finally {
      await site.close()
    }
  }
})

it('refuses a flood of 1,000 reports from one address with 429s, logging a bounded amount, while the site answers', async () => {
  const {site, size, lines: read} = await siteLoggingTo('flood.log')
  try {
    const before = size()
    const attacker = agentFrom('127.0.4.2')
    const visitor = agentFrom('127.0.4.3')
    // Twenty distinct violations a report, each field at its longest and full of what a log escapes longest.
    const filler = `\\"\n${'\\'.repeat(300)}`
    const answers: Answer[] = []
    let sent = 0
    const flood = async () => {
      while (sent < 1000) {
        const report = sent++
        const body = JSON.stringify(
          Array.from({length: 20}, (_, index) => violation(`r${report}v${index}`, filler)),
        )
        answers.push(await postFrom(attacker, site.url, body))
      }
    }
    const pages: number[] = []
    let flooding = true
    const browse = async () => {
      while (flooding) {
        const response = await new Promise<number>((resolve, reject) => {
          request(`${site.url}/`, {agent: visitor}, (res) => {
            res.resume()
            res.once('end', () => resolve(res.statusCode ?? 0))
          })
            .once('error', reject)
            .end()
        })
        pages.push(response)
      }
    }
    const browsing = browse()
    await Promise.all(Array.from({length: 20}, flood))
    flooding = false
    await browsing

    const taken = answers.filter(({status}) => status === 204)
    const refused = answers.filter(({status}) => status === 429)
    expect(taken.length + refused.length).toBe(1000)
    // A burst of ten, and one more for each six seconds the flood lasted.
    expect(taken.length).toBeGreaterThanOrEqual(10)
    expect(taken.length).toBeLessThan(30)
    for (const {retryAfter} of refused) expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    // Measured here: 59 KB for the 10 taken, each entry at its longest (5 violations, every field full).
    expect(size() - before).toBeLessThanOrEqual(100 * 1024)
    expect(pages.length).toBeGreaterThan(0)
    expect(pages.filter((status) => status !== 200)).toEqual([])

    const written = read().map((line) => JSON.parse(line) as Record<string, unknown>)
    const refusals = written.filter((entry) => String(entry.msg).startsWith('CSP reports refused'))
    expect(refusals.length).toBeGreaterThanOrEqual(1)
    expect(refusals.length).toBeLessThanOrEqual(taken.length)
    expect(refusals[0]).toMatchObject({level: 'warn', clientAddress: '127.0.4.2'})
    const reports = written.filter((entry) => entry.msg === 'CSP violation reported')
    expect(reports).toHaveLength(taken.length)
    for (const entry of reports) expect(entry).toMatchObject({unlogged: 15})

    const metrics = await scrape(site.url)
    expect(metrics.value('quantedge_csp_reports_total', {outcome: 'taken'})).toBe(taken.length)
    expect(
      metrics.value('quantedge_csp_reports_total', {outcome: 'refused', reason: 'rate_limit'}),
    ).toBe(refused.length)
    expect(metrics.value('quantedge_csp_violations_total', {outcome: 'logged'})).toBe(
      5 * taken.length,
    )
  } finally {
    await site.close()
  }
})

it('logs a violation once in ten minutes, counting its repeats, and refuses what is no report', async () => {
  const {site, lines: read} = await siteLoggingTo('repeats.log')
  try {
    const post = (from: string, body: unknown) =>
      postFrom(agentFrom(from), site.url, JSON.stringify(body))
    const level2 = {
      'csp-report': {
        'document-uri': 'https://site/tradingview?utm_source=x',
        'blocked-uri': 'inline',
        'violated-directive': 'script-src-elem',
      },
    }
    // Five visitors meet the same broken page.
    for (const address of ['127.0.5.1', '127.0.5.2', '127.0.5.3', '127.0.5.4', '127.0.5.5'])
      expect(
        (
          await postFrom(agentFrom(address), site.url, JSON.stringify(level2), {
            'Content-Type': 'application/csp-report',
          })
        ).status,
      ).toBe(204)
    expect((await post('127.0.5.6', [violation('other', '')])).status).toBe(204)
    const written = read().map((line) => JSON.parse(line) as {violations: unknown[]})
    expect(written.map((entry) => entry.violations)).toEqual([
      [{document: 'https://site/tradingview', blocked: 'inline', directive: 'script-src-elem'}],
      [expect.objectContaining({blocked: 'https://evil.example/other'})],
    ])
    const metrics = await scrape(site.url)
    expect(metrics.value('quantedge_csp_violations_total', {outcome: 'repeated'})).toBe(4)
    expect(metrics.value('quantedge_csp_violations_total', {outcome: 'logged'})).toBe(2)

    // A report of ten logs five and counts the rest; those are not taken as logged, so another visitor's report
    // of one of them is logged: a report cannot keep a violation out of the log without writing it.
    const ten = Array.from({length: 10}, (_, index) => violation(`many-${index}`, ''))
    expect((await post('127.0.5.8', ten)).status).toBe(204)
    expect((await post('127.0.5.9', [violation('many-7', '')])).status).toBe(204)
    const [many, seventh] = read()
      .slice(2)
      .map((line) => JSON.parse(line) as {violations: {blocked: string}[]; unlogged?: number})
    expect(many?.violations).toHaveLength(5)
    expect(many?.unlogged).toBe(5)
    expect(seventh?.violations.map(({blocked}) => blocked)).toEqual(['https://evil.example/many-7'])
    const after = await scrape(site.url)
    expect(after.value('quantedge_csp_violations_total', {outcome: 'logged'})).toBe(8)
    expect(after.value('quantedge_csp_violations_total', {outcome: 'unlogged'})).toBe(5)

    const refusedAs = async (type: string, body: string) =>
      (await postFrom(agentFrom('127.0.5.7'), site.url, body, {'Content-Type': type})).status
    expect(await refusedAs('text/plain', 'hello')).toBe(415)
    expect(await refusedAs('application/csp-report', '{not json')).toBe(400)
    expect(await refusedAs('application/csp-report', '{"other": 1}')).toBe(400)
    expect(await refusedAs('application/csp-report', 'x'.repeat(70_000))).toBe(413)
    expect(
      (await scrape(site.url)).value('quantedge_csp_reports_total', {
        outcome: 'refused',
        reason: 'invalid',
      }),
    ).toBe(4)
  } finally {
    await site.close()
  }
})

it('limits each visitor behind a trusted proxy by the address the proxy names', async () => {
  const {site} = await siteLoggingTo('proxied.log')
  try {
    const proxy = agentFrom('127.0.6.1')
    const from = (visitor: string) =>
      postFrom(proxy, site.url, JSON.stringify([violation(visitor, '')]), {
        'X-Forwarded-For': visitor,
      })
    const flooder = []
    for (let report = 0; report < 12; report += 1) flooder.push((await from('198.51.100.7')).status)
    expect(flooder.slice(0, 10)).toEqual(Array(10).fill(204))
    expect(flooder.slice(10)).toEqual([429, 429])
    // Another visitor through the same proxy is not held back by the first.
    expect((await from('198.51.100.8')).status).toBe(204)
    // A visitor's own X-Forwarded-For entry, left of the proxy's, changes nothing.
    expect((await from('203.0.113.1, 198.51.100.7')).status).toBe(429)
  } finally {
    await site.close()
  }
})
