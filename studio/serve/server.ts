// Serves a built Studio: its files, and index.html for every other path (the Studio routes in the browser).
import {createServer} from 'node:http'
import sirv from 'sirv'
import {listen, stop} from '@quantedge/server-kit/listen'

export type StudioServer = {url: string; port: number; close: () => Promise<void>}

export async function startStudioServer(
  root: string,
  port: number,
  host = '127.0.0.1',
): Promise<StudioServer> {
  const serve = sirv(root, {single: true, gzip: true, etag: true})
  const server = createServer((req, res) => serve(req, res))
  const actualPort = await listen(server, port, host)
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () => stop(server),
  }
}
