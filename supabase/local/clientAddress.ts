// The address a request came from, and the request headers as PostgREST hands them to SQL behind
// Supabase's gateway. The client's socket address is the only one trusted: the gateway overwrites the
// headers that name it (Cloudflare sets cf-connecting-ip, the API gateway x-real-ip) and appends it to any
// x-forwarded-for the client sent, so a forged entry stays in front where the gateway leaves it.
import type {IncomingMessage} from 'node:http'

/** The peer's IP address, with IPv4-mapped IPv6 (::ffff:127.0.0.1) written as IPv4. */
export function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown'
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
}

/**
 * `request.headers` as PostgREST sets it (one JSON object, header names in lower case; repeated headers
 * joined with ", ") with the gateway's client-address headers in place.
 */
export function gatewayHeaders(
  req: IncomingMessage,
  clientAddress: string,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  const forwarded = headers['x-forwarded-for']
  headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${clientAddress}` : clientAddress
  headers['x-real-ip'] = clientAddress
  headers['cf-connecting-ip'] = clientAddress
  return headers
}
