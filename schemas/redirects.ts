// Redirects editors make in the Studio: from a path the site has no page at to another path or an https address,
// as Netlify's and Cloudflare Pages' `_redirects` take them (`/from /to 301`). One rule for the Studio's
// validation, the build (which writes `_redirects`) and the site server: a redirect may not start at a fixed page
// or an address the site keeps for itself, may not repeat another's `from`, and may not go round in a circle; a
// published landing page at the same path wins over a redirect, as Netlify serves a file before a redirect that
// does not force itself. Permanent redirects answer 301, temporary ones 302: the codes every host and crawler
// reads alike, and a static site answers only GET and HEAD, where 307 and 308 mean the same.
import {landingSlugProblem, RESERVED_SEGMENTS} from './landingPages.ts'
import {pages} from './pages.ts'

/** A path of one or more segments of URL-safe characters, without a query, a fragment or a trailing slash. */
const PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/
const MAX_LENGTH = 512

export type RedirectStatus = 301 | 302

/** A redirect as the site serves it. */
export type RedirectRule = {from: string; to: string; status: RedirectStatus}

/** A published redirect as the build reads it (REDIRECTS_QUERY). */
export type RedirectDocument = {
  _id: string
  _createdAt: string
  from: string | null
  to: string | null
  permanent: boolean | null
}

/** A redirect left out of the site, and why. */
export type SkippedRedirect = {id: string; from: string | null; why: string}

const fixedSegments = new Set(pages.map(({path}) => path.split('/')[1] ?? ''))

/** Why a redirect may not start at `from`, in an editor's words; undefined when it may. */
export function redirectFromProblem(from: string | null | undefined): string | undefined {
  if (!from) return 'A redirect needs the path it starts at, such as /diwali-offer.'
  if (from.length > MAX_LENGTH) return `A path has at most ${MAX_LENGTH} characters.`
  if (!PATH.test(from))
    return 'A path starts with / and holds letters, digits and . _ ~ - between slashes, with no ? or # and no / at its end.'
  const first = from.split('/')[1] ?? ''
  if (fixedSegments.has(first)) return `${from} is (or is under) one of the site's own pages.`
  if (RESERVED_SEGMENTS.includes(first)) return `${from} is kept by the site for itself.`
  return undefined
}

/** Why a redirect may not lead to `to`; undefined when it may. */
export function redirectToProblem(to: string | null | undefined): string | undefined {
  if (!to)
    return 'A redirect needs where it leads: a path such as /tradingview, or an https address.'
  if (to.length > MAX_LENGTH) return `An address has at most ${MAX_LENGTH} characters.`
  if (to.startsWith('/')) {
    return !to.startsWith('//') && URL.canParse(to, 'https://example.com') && !/\s/.test(to)
      ? undefined
      : 'A path starts with a single / and holds no spaces.'
  }
  return URL.canParse(to) && new URL(to).protocol === 'https:' && !/\s/.test(to)
    ? undefined
    : 'Lead to a path on this site (starting with /) or to an https address.'
}

/** A target as a Location header carries it: percent-encoded, `https://x.in/a b` → `https://x.in/a%20b`. */
export function encodedTarget(to: string) {
  const url = new URL(to, 'https://example.com')
  return to.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href
}

/** The path a redirect's target is on this site, without its query and fragment; undefined off the site. */
export const pathOnSite = (to: string) =>
  to.startsWith('/')
    ? new URL(to, 'https://example.com').pathname.replace(/(.)\/$/, '$1')
    : undefined

/**
 * The redirects among `rules` that lead round in a circle (a → b → a), each found by following every rule's
 * target from redirect to redirect until it leaves them or comes back.
 */
export function redirectLoops(rules: readonly {from: string; to: string}[]): Set<string> {
  const next = new Map(rules.map(({from, to}) => [from, pathOnSite(to)]))
  const looping = new Set<string>()
  for (const start of next.keys()) {
    const seen: string[] = []
    let at: string | undefined = start
    while (at !== undefined && next.has(at) && !seen.includes(at)) {
      seen.push(at)
      at = next.get(at)
    }
    if (at !== undefined && seen.includes(at)) {
      for (const member of seen.slice(seen.indexOf(at))) looping.add(member)
    }
  }
  return looping
}

/**
 * The redirects the site serves, oldest first, and those it leaves out with why: one the rules refuse, a `from`
 * an older redirect has, one at a published landing page's path (`pagePaths`), one in a circle.
 */
export function liveRedirects(
  documents: readonly RedirectDocument[],
  pagePaths: ReadonlySet<string>,
) {
  const skipped: SkippedRedirect[] = []
  const candidates = new Map<string, RedirectRule & {id: string}>()
  const oldestFirst = [...documents].sort(
    (a, b) => a._createdAt.localeCompare(b._createdAt) || a._id.localeCompare(b._id),
  )
  for (const {_id: id, from, to, permanent} of oldestFirst) {
    const problem = redirectFromProblem(from) ?? redirectToProblem(to)
    const held = from ? candidates.get(from) : undefined
    const why =
      problem ??
      (held ? `${from} already redirects (redirect ${held.id}).` : undefined) ??
      (pagePaths.has(from!)
        ? `a landing page is published at ${from}; delete it for the redirect to apply.`
        : undefined) ??
      (pathOnSite(to!) === from ? `${from} would redirect to itself.` : undefined)
    if (why) {
      skipped.push({id, from, why})
      continue
    }
    candidates.set(from!, {
      id,
      from: from!,
      to: encodedTarget(to!),
      status: permanent === false ? 302 : 301,
    })
  }
  const loops = redirectLoops([...candidates.values()])
  const rules: RedirectRule[] = []
  for (const {id, from, to, status} of candidates.values()) {
    if (loops.has(from)) skipped.push({id, from, why: `${from} is part of a redirect loop.`})
    else rules.push({from, to, status})
  }
  return {rules, skipped}
}

/** A skipped redirect as the build and the hook log it. */
export const describeSkippedRedirect = ({id, from, why}: SkippedRedirect) =>
  `[redirects] left out redirect ${id} (from ${JSON.stringify(from)}): ${why}`

/** A redirect's `from` a landing page slug could also take: for the Studio to say which one wins. */
export const landingSlugOf = (from: string) =>
  /^\/[^/]+$/.test(from) && !landingSlugProblem(from.slice(1)) ? from.slice(1) : undefined
