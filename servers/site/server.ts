// Serves the prerendered site: /path -> path/index.html, precompressed files when the browser takes them, what each
// answer says to caches (the edge's cacheHeaders.ts: a year for content-hashed assets, revalidation by browsers
// and a day at the edge for pages, with their tags in the header the chosen edge reads), the headers the build
// declared in `_headers` (each page's Content Security Policy and the site-wide ones, applied as Netlify and
// Cloudflare Pages apply that file; the file itself is not served), and the 404 page with status 404 and its own
// policy, kept by no cache. The pages the browser renders (prerender: false in the page list) get React Router's
// SPA fallback, as a static host's rewrite would serve it, marked noindex and private: it is an empty shell until
// the scripts run. The redirects the build declared in `_redirects` (Netlify's and Cloudflare Pages' format,
// server-kit's redirectsFile.ts) are answered at their paths, cached by the edge like the page that was there
// (tagged with that path). Violations of the policies are reported to POST /csp-reports and logged, within limits
// (server-kit's cspReports.ts). It is ready (GET /readyz, which the edge probes) while its live release has a home
// page; its log, request ids, /healthz and /metrics are server-kit's observe.ts.
import {existsSync, readFileSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {BlockList} from 'node:net'
import {basename, dirname, join} from 'node:path'
import sirv from 'sirv'
import {cacheHeaders, type Cacheability} from '@quantedge/edge/cacheHeaders'
import type {EdgeVendor} from '@quantedge/edge/vendors'
import {clientRenderedPaths} from '@quantedge/schemas/pages'
import {answerRoutes, type RouteHandler, type ServerWords} from '@quantedge/server-kit/answerRoutes'
import {CSP_REPORT_PATH, CspReports} from '@quantedge/server-kit/cspReports'
import {HEADERS_FILE, headersFor, readHeadersFile} from '@quantedge/server-kit/headersFile'
import {readRedirectsFile, REDIRECTS_FILE} from '@quantedge/server-kit/redirectsFile'
import {HttpError} from '@quantedge/server-kit/httpError'
import {listen, stop} from '@quantedge/server-kit/listen'
import type {Log} from '@quantedge/server-kit/log'
import {observed, serverOperations} from '@quantedge/server-kit/observe'
import {nameRoute} from '@quantedge/server-kit/requestContext'
import {route} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'
import {readSiteServerEnv} from './settings.ts'

export type SiteServer = {
  url: string
  port: number
  /** Serves another complete build from the next request on: how a rebuild goes live in one step. */
  setRoot: (root: string) => void
  close: () => Promise<void>
}

const HASHED_ASSET = /^\/assets\//

/** React Router's shell for routes it did not prerender (ssr: false). */
const SPA_FALLBACK = '/__spa-fallback.html'
const CLIENT_RENDERED = new Set<string>(clientRenderedPaths)
const NOT_FOUND_PAGE = '/404'

const words = (log: Log): ServerWords => ({
  // Every path has a route: a file, or the 404 page.
  notFound: () => new HttpError(404, 'Not found'),
  methodNotAllowed: () =>
    new HttpError(405, 'A static site answers GET and HEAD only (and takes CSP reports)'),
  internalError: (error) => {
    log.error({err: error}, 'a request failed')
    return new HttpError(500, 'The site could not answer this request')
  },
})

const cacheability = (pathname: string): Cacheability =>
  pathname === SPA_FALLBACK
    ? {kind: 'private'}
    : HASHED_ASSET.test(pathname)
      ? {kind: 'asset'}
      : {kind: 'page', pathname}

const staticFiles = (root: string, edge: EdgeVendor | undefined) =>
  sirv(root, {
    extensions: ['html'],
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(cacheHeaders(cacheability(pathname), edge)))
        res.setHeader(name, value)
    },
  })

export type SiteServerOptions = {
  /** The edge in front of this origin: its answers carry their tags in the header that edge reads. */
  edge?: EdgeVendor
  /** The proxies whose X-Forwarded-For names a visitor, for the CSP reports' limits (SITE_TRUSTED_PROXIES by default). */
  trusted?: BlockList
  /** Where it logs (its own log on standard output by default). */
  log?: Log
  /** Without its log, request ids, health and metrics: the bench's bare server, to measure what they cost. */
  observe?: boolean
}

/**
 * A build served: its files, the header rules its `_headers` declares and the redirects its `_redirects` does
 * (none when it has no such file).
 */
function served(root: string, edge: EdgeVendor | undefined) {
  return {
    root,
    rules: readHeadersFile(root),
    redirects: readRedirectsFile(root),
    serve: staticFiles(root, edge),
  }
}

const setAll = (res: ServerResponse, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}

export async function startSiteServer(
  root: string,
  port: number,
  host = '127.0.0.1',
  {edge, trusted = readSiteServerEnv().trusted, log, observe = true}: SiteServerOptions = {},
): Promise<SiteServer> {
  const operations = serverOperations('site', log)
  const cspReports = new CspReports({...operations, trusted})
  let current = served(root, edge)
  /** The site's files, and its 404 page for any other path. */
  const serveSite: RouteHandler<IncomingMessage, ServerResponse> = ({req, res, url}) => {
    const {root: servedRoot, rules, redirects, serve} = current
    const notFound = () => {
      const notFoundPage = join(servedRoot, '404', 'index.html')
      const noStore = cacheHeaders({kind: 'none'}, edge)
      setAll(res, headersFor(rules, NOT_FOUND_PAGE))
      if (!existsSync(notFoundPage)) return send(res, 404, 'Not found', noStore)
      send(res, 404, readFileSync(notFoundPage), {
        ...noStore,
        'Content-Type': 'text/html; charset=utf-8',
      })
    }
    nameRoute(HASHED_ASSET.test(url.pathname) ? 'asset' : 'page')
    if (url.pathname === `/${HEADERS_FILE}` || url.pathname === `/${REDIRECTS_FILE}`)
      return notFound()
    // A page's rules name its clean path: /x/index.html is the page /x/.
    setAll(res, headersFor(rules, url.pathname.replace(/\/index\.html$/, '/')))
    const path = url.pathname.replace(/(.)\/$/, '$1')
    const redirect = redirects.get(path)
    if (redirect) {
      return send(res, redirect.status, `Moved to ${redirect.to}\n`, {
        ...cacheHeaders({kind: 'page', pathname: path}, edge),
        Location: redirect.to,
      })
    }
    if (CLIENT_RENDERED.has(path) && existsSync(join(servedRoot, SPA_FALLBACK))) {
      req.url = SPA_FALLBACK
      res.setHeader('X-Robots-Tag', 'noindex')
    }
    serve(req, res, () => {
      for (const name of res.getHeaderNames()) res.removeHeader(name)
      notFound()
    })
  }
  const reportViolations: RouteHandler<IncomingMessage, ServerResponse> = async ({req, res}) => {
    const {status, body, headers} = await cspReports.receive(req)
    send(res, status, body, {'Cache-Control': 'no-store', ...headers})
  }
  const answer = answerRoutes(
    [route('POST', CSP_REPORT_PATH, reportViolations), route(['GET', 'HEAD'], '/*', serveSite)],
    words(operations.log),
  )
  /** Ready while the live release has its home page (a release switched in is complete: publisher.ts). */
  const ready = () => ({
    release: existsSync(join(current.root, 'index.html'))
      ? {ok: true, detail: `serving ${basename(dirname(current.root))}`}
      : {ok: false, detail: 'the live release has no home page'},
  })
  const server: Server = createServer(observe ? observed(operations, answer, {ready}) : answer)
  const actualPort = await listen(server, port, host)
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}`,
    port: actualPort,
    setRoot: (next) => {
      current = served(next, edge)
    },
    close: () => stop(server),
  }
}
