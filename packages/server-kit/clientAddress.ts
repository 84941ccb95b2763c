// The address a request came from, for limits kept per visitor. A proxy in front of a server (the edge, a load
// balancer) connects from its own address and appends the one it took the request from to X-Forwarded-For; only a
// proxy the server trusts may say so. So the address is read from the right of that header for as long as each hop
// is a trusted proxy, as nginx's realip module (real_ip_recursive on) and Express's `trust proxy` read it: entries
// a client wrote itself stay to the left of what a trusted proxy appended, and are never reached.
import {BlockList, isIP} from 'node:net'

/** The proxies trusted to name a client: loopback (the local edge) and `extra` addresses or CIDR ranges. */
export function trustedProxies(extra: readonly string[] = []): BlockList {
  const trusted = new BlockList()
  trusted.addSubnet('127.0.0.0', 8, 'ipv4')
  trusted.addAddress('::1', 'ipv6')
  for (const entry of extra) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const widest = family === 4 ? 32 : 128
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > widest))
    )
      throw new Error(
        `"${entry}" is not an IP address or a CIDR range (an address, or an address, "/" and 0 to ${widest})`,
      )
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) trusted.addAddress(address, type)
    else trusted.addSubnet(address, Number(bits), type)
  }
  return trusted
}

/** An address as Node reports it, with IPv4-mapped IPv6 (::ffff:127.0.0.1) written as IPv4. */
const plain = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

const isTrusted = (address: string, trusted: BlockList) => {
  const family = isIP(address)
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

type Request = {
  headers: Record<string, string | string[] | undefined>
  socket: {remoteAddress?: string | undefined}
}

/** The client's address: the peer's, or the nearest one a trusted proxy names in X-Forwarded-For. */
export function clientAddress(req: Request, trusted: BlockList): string {
  let address = plain(req.socket.remoteAddress ?? 'unknown')
  const forwarded = req.headers['x-forwarded-for']
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map(plain)
    .filter(Boolean)
  while (isTrusted(address, trusted) && hops.length > 0) {
    const hop = hops.pop()!
    if (isIP(hop) === 0) break
    address = hop
  }
  return address
}

/**
 * The key a limit per visitor counts under: an IPv4 address, or an IPv6 address's /64 network (one subscriber's
 * share, RFC 6177), since a single host may hold every address in it.
 */
export function visitorKey(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
