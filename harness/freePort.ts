// A port nothing listens on right now, for a server whose address must be known before it starts.
// It is drawn from below Linux's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range, 32768-60999 by
// default): a port from that range (what listen(0) gives) can be taken in the meantime by any outgoing
// connection's local end, and the server's later listen then fails with EADDRINUSE. Below it, only another
// server asking for that very port can take it.
import {readFileSync} from 'node:fs'
import {createServer} from 'node:net'

const FALLBACK_EPHEMERAL_START = 32768
const LOWEST = 10_000

function ephemeralStart() {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
    return Number(start) > LOWEST ? Number(start) : FALLBACK_EPHEMERAL_START
  } catch {
    return FALLBACK_EPHEMERAL_START
  }
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

export async function freePort() {
  const below = ephemeralStart()
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST))
    if (await isFree(port)) return port
  }
  throw new Error(`No free port between ${LOWEST} and ${below} after 50 tries`)
}
