// A page's Content Security Policy, strict (web.dev "Strict CSP", with hashes as a static site can): no script runs
// unless it is one of the site's own files or an inline script whose SHA-256 the policy names, so a script an
// attacker slips into content does not run; nothing is fetched but from the hosts the site uses; no one frames it
// but whom `frameAncestors` names. Inline styles are allowed the same way (the `<style>` elements and `style`
// attributes the page was rendered with, by hash: 'unsafe-hashes' covers attributes); styles React sets after
// hydration go through the CSSOM, which CSP does not govern. What the site does not use (fonts of its own, a
// manifest, frames, workers) falls to `default-src 'none'`. Violations are reported to `reportUri`. Every byte
// counts: the policy travels with the page, which should arrive in TCP's first window (posterImage.server.ts).
//
// The hashes are the page's own; the hosts are the whole site's: a page's policy stays in force as the visitor
// moves to other pages in the browser, whose images and fetches it must therefore allow (resourceOrigins).
import {
  attribute,
  elements,
  inlineHashes,
  isElement,
  REPORT_GROUP,
  type Node,
} from '@quantedge/server-kit/securityHeaders'

export type PolicySources = {
  /** Origins images come from besides the page's own ('self' and data: URIs always). */
  images: readonly string[]
  /** Origins videos come from besides the page's own. */
  media: readonly string[]
  /** Origins the page's scripts talk to besides its own (Supabase). */
  connect: readonly string[]
  /** Who may frame the page: none, unless named ('self', the Studio's origin). */
  frameAncestors: readonly string[]
  /** Where violation reports go (a path of the same origin). */
  reportUri: string
  /**
   * Styles inserted by scripts (the preview's visual-editing overlay inserts `<style>` elements): 'unsafe-inline'
   * for styles only. Never for the public site.
   */
  scriptInsertedStyles?: boolean
}

const URL_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  link: ['href', 'imagesrcset'],
}

/** The other origins a page's images and videos come from (data: and same-origin URLs need none). */
export function resourceOrigins(html: string | Node, pageUrl = 'https://site.invalid/') {
  const images = new Set<string>()
  const media = new Set<string>()
  const own = new URL(pageUrl).origin
  for (const element of elements(html)) {
    const names = URL_ATTRIBUTES[element.tagName]
    if (!names) continue
    if (element.tagName === 'link' && attribute(element, 'as') !== 'image') continue
    const isMedia =
      element.tagName === 'video' ||
      element.tagName === 'audio' ||
      (element.tagName === 'source' &&
        element.parentNode !== null &&
        isElement(element.parentNode) &&
        ['video', 'audio'].includes(element.parentNode.tagName))
    for (const name of names) {
      const value = attribute(element, name)
      if (!value) continue
      const urls = name.endsWith('srcset')
        ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
        : [value]
      for (const url of urls) {
        if (!URL.canParse(url, pageUrl)) continue
        const {origin, protocol} = new URL(url, pageUrl)
        if (protocol !== 'http:' && protocol !== 'https:') continue
        if (origin === own) continue
        // A video's poster is an image.
        ;(isMedia && name !== 'poster' ? media : images).add(origin)
      }
    }
  }
  return {images: [...images].sort(), media: [...media].sort()}
}

/** The page's policy: its inline scripts and styles by hash, the site's hosts, who may frame it. */
export const contentSecurityPolicy = (html: string, sources: PolicySources) =>
  policyOf(inlineHashes(html), sources)

/** The policy of a page whose inline scripts and styles hash to `hashes` (server-kit's inlineHashes). */
export function policyOf(
  {scripts, styles, styleAttributes}: ReturnType<typeof inlineHashes>,
  sources: PolicySources,
) {
  const list = (...items: readonly string[]) => [...new Set(items)].join(' ')
  const styleSources = sources.scriptInsertedStyles
    ? ["'self'", "'unsafe-inline'"]
    : ["'self'", ...(styleAttributes ? ["'unsafe-hashes'"] : []), ...styles]
  const directives = [
    ['default-src', "'none'"],
    ['script-src', list("'self'", ...scripts)],
    ['style-src', list(...styleSources)],
    ['img-src', list("'self'", 'data:', ...sources.images)],
    ['media-src', list("'self'", ...sources.media)],
    ['connect-src', list("'self'", ...sources.connect)],
    ['form-action', "'self'"],
    [
      'frame-ancestors',
      sources.frameAncestors.length > 0 ? list(...sources.frameAncestors) : "'none'",
    ],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['report-uri', sources.reportUri],
    ['report-to', REPORT_GROUP],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}
