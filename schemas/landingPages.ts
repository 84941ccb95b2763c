// Which address each landing page is served at: one rule for the Studio's validation, the build, the publish hook,
// the sitemap and the draft preview, so a slug the Studio refuses is never served, whatever wrote the document. A
// landing page lives at /<slug>; the slug is lowercase letters, digits and single hyphens, and it may not take a
// fixed page's address or one the site keeps for itself (its files, the staff page, the servers' own endpoints).
import {pages} from './pages.ts'

/** Lowercase letters and digits in words joined by single hyphens: `diwali-offer`, `budget-2027`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_SLUG_LENGTH = 64

/**
 * First path segments the site keeps for itself beyond the page list's: its built files (`assets`, the demo
 * clips and icons in web/public, the 404 page, React Router's SPA shell, the headers and redirects files), the
 * servers' endpoints (CSP reports, the preview's and the hook's API, health and metrics), and names a later page
 * or endpoint is likely to want.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  '404',
  '__spa-fallback.html',
  '_headers',
  '_redirects',
  'admin',
  'api',
  'assets',
  'csp-reports',
  'demos',
  'favicon.ico',
  'favicon.svg',
  'healthz',
  'hooks',
  'index.html',
  'login',
  'metrics',
  'readyz',
  'studio',
]

/** Every fixed page's first path segment: `tradingview`, `account` (for /account/confirmed), `sitemap.xml`, … */
const FIXED_SEGMENTS = new Set(
  pages.map(({path}) => path.split('/')[1] ?? '').filter((segment) => /^[^*]+$/.test(segment)),
)

/** Why a landing page may not be served at /<slug>, in an editor's words; undefined when it may. */
export function landingSlugProblem(slug: string | null | undefined): string | undefined {
  if (!slug) return 'A landing page needs a slug: its address is /<slug>.'
  if (slug.length > MAX_SLUG_LENGTH)
    return `A slug has at most ${MAX_SLUG_LENGTH} characters (this one has ${slug.length}).`
  if (FIXED_SEGMENTS.has(slug)) return `/${slug} is one of the site's own pages.`
  if (RESERVED_SEGMENTS.includes(slug)) return `/${slug} is kept by the site for itself.`
  if (!SLUG.test(slug))
    return 'A slug is lowercase letters and digits, in words joined by single hyphens (diwali-offer).'
  return undefined
}

/** A published landing page as the address list reads it (LANDING_PAGE_ROUTES_QUERY). */
export type LandingPageRoute = {_id: string; _createdAt: string; slug: string | null}

/** A landing page left off the site, and why. */
export type SkippedLandingPage = {id: string; slug: string | null; why: string}

/**
 * The landing pages the site serves, by path (`/diwali-offer` → its document id), and those it leaves out with
 * why: a slug the rules refuse, or one an older landing page already has (the Studio refuses a taken slug; a
 * document written through the API may still repeat one, and the page made first keeps the address).
 */
export function landingPagePaths(routes: readonly LandingPageRoute[]) {
  const paths = new Map<string, string>()
  const skipped: SkippedLandingPage[] = []
  const oldestFirst = [...routes].sort(
    (a, b) => a._createdAt.localeCompare(b._createdAt) || a._id.localeCompare(b._id),
  )
  for (const {_id: id, slug} of oldestFirst) {
    const problem = landingSlugProblem(slug)
    if (problem) {
      skipped.push({id, slug, why: problem})
      continue
    }
    const path = `/${slug}`
    const holder = paths.get(path)
    if (holder) {
      skipped.push({id, slug, why: `${path} is taken by the older landing page ${holder}.`})
      continue
    }
    paths.set(path, id)
  }
  return {paths, skipped}
}

/** A skipped landing page as the build and the hook log it. */
export const describeSkippedLandingPage = ({id, slug, why}: SkippedLandingPage) =>
  `[landing] left out landingPage ${id} (slug ${JSON.stringify(slug)}): ${why}`
