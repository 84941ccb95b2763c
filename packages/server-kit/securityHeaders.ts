// What every answer of our servers says about security, shared by the site's build, the draft preview and the
// Studio's build: the headers each answer gets, the reporting group their policies name, and the SHA-256 hashes
// of a page's inline scripts and styles that a Content Security Policy lists instead of 'unsafe-inline' (a page
// parsed with parse5 as a browser parses it, so each hash is of the text the browser runs).
import {createHash} from 'node:crypto'
import {parse} from 'parse5'
import type {DefaultTreeAdapterMap} from 'parse5'
import {CSP_REPORT_PATH} from './cspReports.ts'

export type Node = DefaultTreeAdapterMap['node']
export type Element = DefaultTreeAdapterMap['element']

/** A page parsed once, for the several things read of it (its hashes, the hosts it names). */
export const parsedPage = (html: string): Node => parse(html)

/** The name of the reporting endpoint a policy's `report-to` names (`Reporting-Endpoints: csp="…"`). */
export const REPORT_GROUP = 'csp'

/**
 * Every answer's: no sniffing, no referrer beyond the origin elsewhere, no camera, microphone or location (the
 * features a page could be tricked into asking for; the others are off by default or need a gesture), its own
 * window and resources, and where policy violations are reported. Short: a page's headers count against TCP's
 * first window (web/app/content/posterImage.server.ts).
 */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Reporting-Endpoints': `${REPORT_GROUP}="${CSP_REPORT_PATH}"`,
}

export const isElement = (node: Node): node is Element => 'tagName' in node
export const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value

/**
 * Every element of an HTML document in document order, a template's contents after its children. Walked with a
 * stack: nested generators cost each element the depth of the tree.
 */
export function elements(html: string | Node): Element[] {
  const found: Element[] = []
  const pending: Node[] = [typeof html === 'string' ? parse(html) : html]
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (isElement(node)) found.push(node)
    if ('content' in node && node.content) pending.push(node.content)
    const children = 'childNodes' in node ? node.childNodes : []
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!)
  }
  return found
}

const textOf = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The page's inline scripts, `<style>` elements and `style` attributes, as CSP hash sources. */
export function inlineHashes(html: string | Node) {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  let styleAttributes = false
  for (const element of elements(html)) {
    if (element.tagName === 'script' && attribute(element, 'src') === undefined) {
      const type = attribute(element, 'type')
      // Data blocks (application/json, …) are not run, so need no hash.
      if (!type || type === 'module' || /javascript/i.test(type))
        scripts.add(sha256(textOf(element)))
    }
    if (element.tagName === 'style') styles.add(sha256(textOf(element)))
    const style = attribute(element, 'style')
    if (style !== undefined) {
      styles.add(sha256(style))
      styleAttributes = true
    }
  }
  return {scripts: [...scripts].sort(), styles: [...styles].sort(), styleAttributes}
}
