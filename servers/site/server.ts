// Serves the prerendered site: /path -> path/index.html, precompressed files when the browser takes them, what each
// answer says to caches (the edge's cacheHeaders.ts: a year for content-hashed assets, revalidation by browsers
// and a day at the edge for pages, with their tags in the header the chosen edge reads), and the 404 page with
// status 404, kept by no cache. The pages the browser renders (prerender: false in the page list) get React
// Router's SPA fallback, as a static host's rewrite would serve it, marked noindex and private: it is an empty
// shell until the scripts run.
import {existsSync, readFileSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import sirv from 'sirv'
import {cacheHeaders, type Cacheability} from '@quantedge/edge/cacheHeaders'
import type {EdgeVendor} from '@quantedge/edge/vendors'
import {pages, type Page} from '@quantedge/schemas/pages'
import {answerRoutes, type RouteHandler, type ServerWords} from '@quantedge/server-kit/answerRoutes'
import {HttpError} from '@quantedge/server-kit/httpError'
import {listen, stop} from '@quantedge/server-kit/listen'
import {route} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'

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
const CLIENT_RENDERED = new Set<string>(
  pages.filter((page: Page) => page.prerender === false).map(({path}) => path),
)

const WORDS: ServerWords = {
  // Every path has a route: a file, or the 404 page.
  notFound: () => new HttpError(404, 'Not found'),
  methodNotAllowed: () => new HttpError(405, 'A static site answers GET and HEAD only'),
  internalError: (error) => {
    console.error('site:', error)
    return new HttpError(500, 'The site could not answer this request')
  },
}

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
      res.setHeader('X-Content-Type-Options', 'nosniff')
    },
  })

export type SiteServerOptions = {
  /** The edge in front of this origin: its answers carry their tags in the header that edge reads. */
  edge?: EdgeVendor
}

export async function startSiteServer(
  root: string,
  port: number,
  host = '127.0.0.1',
  {edge}: SiteServerOptions = {},
): Promise<SiteServer> {
  let current = {root, serve: staticFiles(root, edge)}
  /** The site's files, and its 404 page for any other path. */
  const serveSite: RouteHandler<IncomingMessage, ServerResponse> = ({req, res}) => {
    const {root: servedRoot, serve} = current
    const path = new URL(req.url ?? '/', 'http://site').pathname.replace(/(.)\/$/, '$1')
    if (CLIENT_RENDERED.has(path) && existsSync(join(servedRoot, SPA_FALLBACK))) {
      req.url = SPA_FALLBACK
      res.setHeader('X-Robots-Tag', 'noindex')
    }
    serve(req, res, () => {
      const notFoundPage = join(servedRoot, '404', 'index.html')
      const noStore = cacheHeaders({kind: 'none'}, edge)
      if (!existsSync(notFoundPage)) return send(res, 404, 'Not found', noStore)
      send(res, 404, readFileSync(notFoundPage), {
        ...noStore,
        'Content-Type': 'text/html; charset=utf-8',
      })
    })
  }
  const server: Server = createServer(
    answerRoutes([route(['GET', 'HEAD'], '/*', serveSite)], WORDS),
  )
  const actualPort = await listen(server, port, host)
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}`,
    port: actualPort,
    setRoot: (next) => {
      current = {root: next, serve: staticFiles(next, edge)}
    },
    close: () => stop(server),
  }
}
