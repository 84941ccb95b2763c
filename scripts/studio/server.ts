// Serves a built Studio: its files, and index.html for every other path (the Studio routes in the browser).
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import sirv from 'sirv'

export type StudioServer = {url: string; port: number; close: () => Promise<void>}

export async function startStudioServer(root: string, port: number, host = '127.0.0.1'): Promise<StudioServer> {
  const serve = sirv(root, {single: true, gzip: true, etag: true})
  const server = createServer((req, res) => serve(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
