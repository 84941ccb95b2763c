// The site's headers, declared once: `_headers` beside the pages (the format of Netlify and Cloudflare Pages,
// server-kit's headersFile.ts), which the site server applies as those hosts do. Every answer gets the headers
// all our servers send (server-kit's securityHeaders.ts); each page gets its own Content Security Policy
// (contentSecurityPolicy.ts: its inline scripts and styles by hash, the hosts every page's images, videos and
// fetches use: the content's asset host, any other its pages name, and Supabase; framed by no one: frame-ancestors
// 'none' is X-Frame-Options: DENY for every browser that reads CSP Level 2). Written after a full build and after
// every re-render, from the pages as they are then, so a re-rendered page's hashes are always its own. A file of a
// release may be a hard link to the live release's: it is replaced, never written through. What a page's HTML
// says (its hashes and hosts) is kept from one call to the next by its file and its contents: a re-render changes
// a page or two of hundreds, and the render process, which stays up, reads and parses only those.
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {assetOrigin, readContentEnv} from '@quantedge/content-access/env'
import {clientRenderedPaths} from '@quantedge/schemas/pages'
import {CSP_REPORT_PATH} from '@quantedge/server-kit/cspReports'
import {formatHeadersFile, HEADERS_FILE, type HeaderRule} from '@quantedge/server-kit/headersFile'
import {inlineHashes, parsedPage, SECURITY_HEADERS} from '@quantedge/server-kit/securityHeaders'
import {readSupabaseSettings} from '../app/auth/settings.ts'
import {policyOf, resourceOrigins} from './contentSecurityPolicy.ts'
import {SPA_FALLBACK} from './renderOutputs.ts'

/** The request paths a page's HTML file answers: `x/index.html` at `/x` and `/x/`, the SPA fallback at its pages. */
function pathsOf(file: string) {
  if (file === SPA_FALLBACK) return [`/${SPA_FALLBACK}`, ...clientRenderedPaths]
  if (file === 'index.html') return ['/']
  const page = `/${file.replace(/\/index\.html$/, '')}`
  return [page, `${page}/`]
}

const htmlFiles = (clientDir: string) =>
  readdirSync(clientDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split('\\').join('/'))
    .sort()

type PageFacts = {
  origins: ReturnType<typeof resourceOrigins>
  hashes: ReturnType<typeof inlineHashes>
}

/**
 * The facts of the pages of the last call, by the file each was read from (device, inode, size and time: a
 * release's unchanged pages are hard links to the release before's, one file for both) and by the SHA-256 of
 * their HTML (the same page in another file, as a full build writes it).
 */
let known = {byFile: new Map<string, PageSays>(), byHtml: new Map<string, PageFacts>()}

const fileKey = (file: string) => {
  const {dev, ino, size, mtimeMs} = statSync(file)
  return `${dev}:${ino}:${size}:${mtimeMs}`
}

/** What one page says, from one parse of it. */
function factsOfPage(html: string): PageFacts {
  const page = parsedPage(html)
  return {origins: resourceOrigins(page), hashes: inlineHashes(page)}
}

const hashOf = (html: string) => createHash('sha256').update(html).digest('base64')

/** What a page's HTML says, with the SHA-256 of that HTML it is known by. */
export type PageSays = {hash: string; facts: PageFacts}

/** How many pages' facts a thread keeps from its own reading (pageSays): more than a release holds. */
const KEPT_PAGES = 4096
const said = new Map<string, PageFacts>()

/** What a page just written says, and the file it is in (its device, inode, size and time). */
export type WrittenPage = PageSays & {fileKey: string}

/**
 * What the page just written to `file` says (its HTML is `html`), read where it was rendered: the render process's
 * threads each parse their own pages as they write them (finishPages.ts), so the headers written after a render of
 * hundreds parse none, nor read them again. A page this thread has read before, or whose facts the last headers
 * took, is not parsed again (a full render of the content of the release before renders every page as it was).
 */
export function pageSays(html: string, file: string): WrittenPage {
  const hash = hashOf(html)
  let facts = said.get(hash) ?? known.byHtml.get(hash)
  if (!facts) {
    if (said.size >= KEPT_PAGES) said.clear()
    facts = factsOfPage(html)
    said.set(hash, facts)
  }
  return {hash, facts, fileKey: fileKey(file)}
}

/** Pages read elsewhere (pageSays), which the next call takes by their file or HTML instead of reading them. */
export function knowPages(pages: readonly WrittenPage[]) {
  for (const {hash, facts, fileKey: key} of pages) {
    known.byHtml.set(hash, facts)
    known.byFile.set(key, {hash, facts})
  }
}

/**
 * What each page says, parsed only for pages not seen in the last call, and read only when its file is not one
 * seen then: a publish that changes one page of hundreds reads and parses that one. The pages of this call are kept.
 */
function factsOf(files: string[]) {
  const next = {byFile: new Map<string, PageSays>(), byHtml: new Map<string, PageFacts>()}
  const facts = files.map((file) => {
    const key = fileKey(file)
    let page = known.byFile.get(key) ?? next.byFile.get(key)
    if (!page) {
      const html = readFileSync(file, 'utf8')
      const hash = hashOf(html)
      const facts = known.byHtml.get(hash) ?? next.byHtml.get(hash) ?? factsOfPage(html)
      page = {hash, facts}
    }
    next.byFile.set(key, page)
    next.byHtml.set(page.hash, page.facts)
    return page.facts
  })
  known = next
  return facts
}

/** The site's header rules for the pages now in `clientDir`; `env` names the content and Supabase they use. */
export function siteHeaderRules(
  clientDir: string,
  env: NodeJS.ProcessEnv = process.env,
): HeaderRule[] {
  const files = htmlFiles(clientDir)
  const facts = factsOf(files.map((file) => join(clientDir, file)))
  const origins = facts.map((fact) => fact.origins)
  // Uploaded images and videos also arrive in a page's data (a poster's full image after the inlined one).
  const assets = assetOrigin(readContentEnv(env))
  const sources = {
    images: [...new Set([assets, ...origins.flatMap(({images}) => images)])].sort(),
    media: [...new Set([assets, ...origins.flatMap(({media}) => media)])].sort(),
    connect: [new URL(readSupabaseSettings(env).url).origin],
    frameAncestors: [],
    reportUri: CSP_REPORT_PATH,
  }
  return [
    {path: '/*', headers: SECURITY_HEADERS},
    ...files.flatMap((file, index) => {
      const headers = {'Content-Security-Policy': policyOf(facts[index]!.hashes, sources)}
      return pathsOf(file).map((path) => ({path, headers}))
    }),
  ]
}

export function writeSecurityHeaders(clientDir: string, env: NodeJS.ProcessEnv = process.env) {
  const file = join(clientDir, HEADERS_FILE)
  const text = formatHeadersFile(
    siteHeaderRules(clientDir, env),
    "Written by the build (web/prerender/securityHeaders.ts): every answer's headers, then each page's policy.",
  )
  writeFileSync(`${file}.${process.pid}.next`, text)
  renameSync(`${file}.${process.pid}.next`, file)
}
