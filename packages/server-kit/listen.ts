// Starting and stopping this project's HTTP servers: listen on a port (0 takes a free one), and stop at once,
// closing kept-alive connections rather than waiting for them to idle out.
import type {Server} from 'node:http'
import type {AddressInfo, Server as NetServer} from 'node:net'

/** Listens on `port` at `host` and returns the port it got (any server: HTTP/1.1, HTTP/2, TLS). */
export async function listen(server: NetServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return (server.address() as AddressInfo).port
}

export function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
