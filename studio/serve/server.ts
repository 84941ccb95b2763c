// Serves a built Studio: its files, and index.html for every other path (the Studio routes in the browser). It may
// listen before the build is done (server-kit's onceBuilt.ts): until then it says the Studio is being built.
import {createServer} from 'node:http'
import sirv from 'sirv'
import {listen, stop} from '@quantedge/server-kit/listen'
import {onceBuilt} from '@quantedge/server-kit/onceBuilt'

export type StudioServer = {url: string; port: number; close: () => Promise<void>}

/** Serves the Studio built in `root`, or, while `root` is a build still running, a page saying so. */
export async function startStudioServer(
  root: string | Promise<string>,
  port: number,
  host = '127.0.0.1',
): Promise<StudioServer> {
  const serve = Promise.resolve(root).then((dir) =>
    sirv(dir, {single: true, gzip: true, etag: true}),
  )
  const server = createServer(onceBuilt('The Studio', serve))
  const actualPort = await listen(server, port, host)
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () => stop(server),
  }
}
