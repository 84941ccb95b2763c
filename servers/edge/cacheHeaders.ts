// What each of the site's answers says to caches. The browser always asks again for a page (a publish changes it
// within a second); the edge keeps it for a day, purged by its tag as soon as a publish changes it, and serves it
// stale for a week while no origin answers. Content-hashed assets never change: a year everywhere. The staff
// page's shell (signed-in work) and anything that is not a page (the 404 answer, errors) are never kept by a shared
// cache.
//
// The edge's lifetime travels in the header the chosen CDN reads for itself, so browsers and any other cache on the
// way never see it: `Surrogate-Control` for Fastly, `CDN-Cache-Control` (RFC 9213) for Cloudflare, Netlify, our
// Varnish and any other (one header, not both: every byte of a page's headers counts against TCP's first window). Tags: a page's path (its HTML and its `.data` share it), and `site` on everything a full build may
// change. A page's path is what the publish hook knows it re-rendered, so a purge names exactly the pages that
// changed, whichever documents they read; a document tag would purge every page that read its type.
import {TAG_HEADERS, type EdgeVendor} from './vendors.ts'

/** The tag every page and public file carries: purged after a full build. */
export const SITE_TAG = 'site'

const DAY = 86_400
const EDGE_LIFETIME = `max-age=${DAY}, stale-if-error=${7 * DAY}`

export type Cacheability =
  /** A prerendered page, its data or another public file: kept by the edge, tagged. */
  | {kind: 'page'; pathname: string}
  /** A content-hashed asset: the same bytes forever. */
  | {kind: 'asset'}
  /** Shown to one signed-in person, or for their browser only. */
  | {kind: 'private'}
  /** Not to be kept anywhere (the 404 answer, errors). */
  | {kind: 'none'}

/** A request path's page, the tag its answers carry: `/tradingview` for `/tradingview/`, `/tradingview.data`, … */
export function pageTag(pathname: string) {
  const page = pathname
    .replace(/\/index\.html$/, '')
    .replace(/\.data$/, '')
    .replace(/^\/_root$/, '')
    .replace(/\/+$/, '')
  // One spelling whatever the request's escaping, with neither separator (space, comma) inside a tag.
  return encodeURI(decodedOrAsIs(page || '/')).replaceAll(',', '%2C')
}

function decodedOrAsIs(text: string) {
  try {
    return decodeURI(text)
  } catch {
    return text
  }
}

export function cacheHeaders(
  what: Cacheability,
  vendor: EdgeVendor | undefined,
): Record<string, string> {
  switch (what.kind) {
    case 'asset':
      return {'Cache-Control': 'public, max-age=31536000, immutable'}
    case 'private':
      return {'Cache-Control': 'private, no-store'}
    case 'none':
      return {'Cache-Control': 'no-store'}
    case 'page': {
      const tags = vendor ? TAG_HEADERS[vendor] : undefined
      return {
        'Cache-Control': 'public, max-age=0, must-revalidate',
        ...(vendor === 'fastly'
          ? {'Surrogate-Control': EDGE_LIFETIME}
          : {'CDN-Cache-Control': `public, ${EDGE_LIFETIME}`}),
        ...(tags ? {[tags.name]: [pageTag(what.pathname), SITE_TAG].join(tags.separator)} : {}),
      }
    }
  }
}
