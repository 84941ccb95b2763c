// Serves a built Studio: its files, and index.html for every other path (the Studio routes in the browser), with the
// headers its build declared in `_headers` (securityHeaders.ts; the file itself is not served), and takes the reports
// of its policy's violations. It may listen before the build is done (server-kit's onceBuilt.ts): until then it says
// the Studio is being built. Its log, request ids, /healthz, /readyz (built) and /metrics are server-kit's observe.ts.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import sirv from 'sirv'
import {CSP_REPORT_PATH, CspReports} from '@quantedge/server-kit/cspReports'
import {headersFor, readHeadersFile} from '@quantedge/server-kit/headersFile'
import {listen, stop} from '@quantedge/server-kit/listen'
import {observed, serverOperations} from '@quantedge/server-kit/observe'
import {onceBuilt} from '@quantedge/server-kit/onceBuilt'
import {send} from '@quantedge/server-kit/send'

export type StudioServer = {url: string; port: number; close: () => Promise<void>}

/** Serves the Studio built in `root`, or, while `root` is a build still running, a page saying so. */
export async function startStudioServer(
  root: string | Promise<string>,
  port: number,
  host = '127.0.0.1',
): Promise<StudioServer> {
  const operations = serverOperations('studio')
  const cspReports = new CspReports(operations)
  let built = false
  const serve = Promise.resolve(root).then((dir) => {
    const rules = readHeadersFile(dir)
    const files = sirv(dir, {single: true, gzip: true, etag: true})
    // Ready once the build's headers are read: a build whose _headers cannot be read never answers ready.
    built = true
    return async (req: IncomingMessage, res: ServerResponse) => {
      const {pathname} = new URL(req.url ?? '/', 'http://studio')
      if (req.method === 'POST' && pathname === CSP_REPORT_PATH) {
        const {status, body, headers} = await cspReports.receive(req)
        return send(res, status, body, {'Cache-Control': 'no-store', ...headers})
      }
      for (const [name, value] of Object.entries(headersFor(rules, pathname)))
        res.setHeader(name, value)
      if (pathname === '/_headers') req.url = '/'
      files(req, res)
    }
  })
  const server = createServer(
    observed(operations, onceBuilt('The Studio', serve), {
      ready: () => ({build: {ok: built, detail: built ? 'built' : 'being built'}}),
    }),
  )
  const actualPort = await listen(server, port, host)
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () => stop(server),
  }
}
