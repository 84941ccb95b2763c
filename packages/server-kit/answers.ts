// Whether something answers at a URL with a success within two seconds, or accepts a connection on a port: how a
// tool tells a running server.
import {createConnection} from 'node:net'

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, {signal: AbortSignal.timeout(2000)})).ok
  } catch {
    return false
  }
}

/** Whether anything accepts a TCP connection at `host`:`port`. */
export const acceptsConnections = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({host, port})
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
