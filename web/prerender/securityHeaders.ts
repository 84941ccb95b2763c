// The site's headers, declared once: `_headers` beside the pages (the format of Netlify and Cloudflare Pages,
// server-kit's headersFile.ts), which the site server applies as those hosts do. Every answer gets the headers
// all our servers send (server-kit's securityHeaders.ts); each page gets its own Content Security Policy
// (contentSecurityPolicy.ts: its inline scripts and styles by hash, the hosts every page's images, videos and
// fetches use: the content's asset host, any other its pages name, and Supabase; framed by no one: frame-ancestors
// 'none' is X-Frame-Options: DENY for every browser that reads CSP Level 2). Written after a full build and after
// every re-render, from the pages as they are then, so a re-rendered page's hashes are always its own. A file of a
// release may be a hard link to the live release's: it is replaced, never written through. What a page's HTML
// says (its hashes and hosts) is kept by its contents from one call to the next: a re-render changes a page or
// two, and the render process, which stays up, parses only those.
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {assetOrigin, readContentEnv} from '@quantedge/content-access/env'
import {clientRenderedPaths} from '@quantedge/schemas/pages'
import {CSP_REPORT_PATH} from '@quantedge/server-kit/cspReports'
import {formatHeadersFile, HEADERS_FILE, type HeaderRule} from '@quantedge/server-kit/headersFile'
import {inlineHashes, SECURITY_HEADERS} from '@quantedge/server-kit/securityHeaders'
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

/** The facts of the pages of the last call, by the SHA-256 of their HTML. */
let known = new Map<string, PageFacts>()

/** What each page says, parsed only for pages not seen in the last call; the pages of this call are kept. */
function factsOf(htmls: string[]) {
  const next = new Map<string, PageFacts>()
  const facts = htmls.map((html) => {
    const key = createHash('sha256').update(html).digest('base64')
    const fact = known.get(key) ??
      next.get(key) ?? {origins: resourceOrigins(html), hashes: inlineHashes(html)}
    next.set(key, fact)
    return fact
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
  const facts = factsOf(files.map((file) => readFileSync(join(clientDir, file), 'utf8')))
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
