// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the Observatory ships JavaScript without types: its declarations travel with this module to every workspace that imports it
/// <reference path="./mdnObservatory.d.ts" />
// Grades a server of ours with MDN HTTP Observatory's own tests (@mdn/mdn-http-observatory's analyzer, the code its
// scanner runs), over the answers it gets here, fetched as its retriever fetches them (src/retriever/retriever.js):
// the page (with the scanner's Accept), a CORS preflight from the scanner's origin, and, through the TLS edge, the
// same page over https and over http. Scored as its scanner scores (src/scanner/index.js: 100 plus each test's
// modifier, extra credit only from an A up).
//
// This machine has no TLS edge: the local edge (Varnish) answers as one would behind it, told the scheme by
// X-Forwarded-Proto, its certificate taken as valid (a deployment's is). Without an edge given, the HSTS and
// redirection tests are not run (they belong to the TLS edge), and the grade is over the tests the origin answers.
// The scanner's HSTS preload list (conf/hsts-preload.json) is downloaded by its install script, which cannot reach
// the internet here: an empty list stands in, as local hosts are on no preload list.
import {existsSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {MINIMUM_SCORE_FOR_EXTRA_CREDIT} from '@mdn/mdn-http-observatory/src/grader/charts.js'
import {getGradeForScore, getScoreModifier} from '@mdn/mdn-http-observatory/src/grader/grader.js'
import {CONFIG} from '@mdn/mdn-http-observatory/src/config.js'
import {ALL_TESTS} from '@mdn/mdn-http-observatory/src/constants.js'
import {parseHttpEquivHeaders} from '@mdn/mdn-http-observatory/src/retriever/utils.js'
import {Requests, type ObservatoryResponse} from '@mdn/mdn-http-observatory/src/types.js'

const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
/** The tests only a TLS edge answers. */
const AT_THE_TLS_EDGE = ['strictTransportSecurityTest', 'redirectionTest']

export type ObservatoryTest = {name: string; result: string | null; pass: boolean; modifier: number}
export type ObservatoryGrade = {url: string; grade: string; score: number; tests: ObservatoryTest[]}

function preloadListInPlace() {
  const list = join(
    dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json')),
    'conf',
    'hsts-preload.json',
  )
  if (!existsSync(list)) writeFileSync(list, '{}\n')
}

/**
 * Runs the tests without the complaints of the jsdom inside them (its subresource-integrity test parses the page,
 * and jsdom's CSS parser prints what it cannot read of a stylesheet, such as the Studio's nested media queries).
 */
function quietly<T>(run: () => T): T {
  const error = console.error
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('Could not parse CSS stylesheet')) error(...args)
  }
  try {
    return run()
  } finally {
    console.error = error
  }
}

async function answer(url: string, init: RequestInit = {}): Promise<ObservatoryResponse> {
  const response = await fetch(url, {redirect: 'manual', ...init})
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    verified: true,
    data: await response.text(),
    request: {headers: Object.fromEntries(new Headers(init.headers))},
  }
}

/** The grade of the page at `url`; with `tlsEdge` (the edge's address for the same page), HSTS and redirection too. */
export async function observatoryGrade(url: string, tlsEdge?: string): Promise<ObservatoryGrade> {
  preloadListInPlace()
  const page = new URL(url)
  const requests = new Requests(page.hostname)
  const auto = await answer(url, {headers: {Accept: ACCEPT}})
  requests.responses.auto = {...auto, httpEquiv: parseHttpEquivHeaders(auto.data ?? '', url)}
  requests.resources.path = auto.data ?? ''
  requests.session = {url: page}
  requests.responses.cors = await answer(url, {
    method: 'OPTIONS',
    headers: {'Origin': CONFIG.retriever.corsOrigin, 'Access-Control-Request-Method': 'GET'},
  })
  if (tlsEdge) {
    const overHttps = await answer(tlsEdge, {
      headers: {'Accept': ACCEPT, 'X-Forwarded-Proto': 'https'},
    })
    const overHttp = await answer(tlsEdge, {
      headers: {'Accept': ACCEPT, 'X-Forwarded-Proto': 'http'},
    })
    const redirectedTo = overHttp.headers.location
    requests.responses.https = overHttps
    requests.responses.http = overHttp
    const entry = new URL(tlsEdge)
    entry.protocol = 'http:'
    requests.responses.httpRedirects = [
      {url: entry, status: overHttp.status},
      ...(redirectedTo ? [{url: new URL(redirectedTo), status: overHttps.status}] : []),
    ]
  }
  const tests = quietly(() =>
    ALL_TESTS.filter((test) => tlsEdge || !AT_THE_TLS_EDGE.includes(test.name)).map((test) => {
      const output = test(requests)
      return {
        name: test.name,
        result: output.result,
        pass: Boolean(output.pass),
        modifier: output.result ? getScoreModifier(output.result) : 0,
      }
    }),
  )
  const withExtraCredit = 100 + tests.reduce((sum, {modifier}) => sum + modifier, 0)
  const uncurved = 100 + tests.reduce((sum, {modifier}) => sum + Math.min(modifier, 0), 0)
  const {score, grade} = getGradeForScore(
    uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
  )
  return {url, grade, score, tests}
}

/** A grade in a line: `A+ (130): csp-implemented-with-no-unsafe-default-src-none +10, …`. */
export const gradeLine = ({grade, score, tests}: ObservatoryGrade) =>
  `${grade} (${score}): ${tests.map(({result, modifier}) => `${result} ${modifier >= 0 ? '+' : ''}${modifier}`).join(', ')}`
