// Serves the prerendered site: /path -> path/index.html, precompressed files when the browser takes them,
// a year of caching for content-hashed assets, revalidation for HTML, and the 404 page with status 404.
import {existsSync, readFileSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import sirv from 'sirv'
import {listen, stop} from '@quantedge/server-kit/listen'
import {matchRoute, route} from '@quantedge/server-kit/routes'

export type SiteServer = {
  url: string
  port: number
  /** Serves another complete build from the next request on: how a rebuild goes live in one step. */
  setRoot: (root: string) => void
  close: () => Promise<void>
}

const HASHED_ASSET = /^\/assets\//

const staticFiles = (root: string) =>
  sirv(root, {
    extensions: ['html'],
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => {
      res.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(pathname)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      )
      res.setHeader('X-Content-Type-Options', 'nosniff')
    },
  })

export async function startSiteServer(
  root: string,
  port: number,
  host = '127.0.0.1',
): Promise<SiteServer> {
  let current = {root, serve: staticFiles(root)}
  /** The site's files, and its 404 page for any other path. */
  const serveSite = (req: IncomingMessage, res: ServerResponse) => {
    const {root: servedRoot, serve} = current
    serve(req, res, () => {
      const notFoundPage = join(servedRoot, '404', 'index.html')
      res.statusCode = 404
      res.setHeader('Cache-Control', 'no-store')
      if (existsSync(notFoundPage)) {
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(readFileSync(notFoundPage))
      } else {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end('Not found')
      }
    })
  }
  const routes = [route('GET', '/*', serveSite), route('HEAD', '/*', serveSite)]
  const server: Server = createServer((req, res) => {
    const matched = matchRoute(
      routes,
      req.method ?? 'GET',
      new URL(req.url ?? '/', 'http://site').pathname,
    )
    if (matched.found) return matched.handler(req, res)
    res.writeHead(405, {
      'Allow': matched.allowed.join(', '),
      'Content-Type': 'text/plain; charset=utf-8',
    })
    res.end('A static site answers GET and HEAD only')
  })
  const actualPort = await listen(server, port, host)
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}`,
    port: actualPort,
    setRoot: (next) => {
      current = {root: next, serve: staticFiles(next)}
    },
    close: () => stop(server),
  }
}
