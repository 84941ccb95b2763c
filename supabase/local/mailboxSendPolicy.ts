// Who may send through the dev mailbox: servers (notify-staff sends no Origin) and the mailbox's own pages, never
// a web page a developer happens to have open. Any page may POST text/plain to any address without asking first
// (a CORS "simple request"), which would drop a fake lead or sign-in link into the mailbox; so a foreign Origin is
// refused with 403, and a body not sent as JSON with 415, which a page can only send after a CORS preflight this
// mailbox never approves. Mailpit guards its API the same way (server/cors.go, server/server.go: an Origin whose
// host is neither the request's own nor one given with --api-cors gets 403 "Blocked due to CORS violation"; its
// send API consumes application/json, server/apiv1/send.go). Here the own origin is the mailbox's port under a
// loopback name, never read from the Host header, which a DNS-rebinding page chooses.
import type {IncomingMessage} from 'node:http'

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]'])

function isOwnOrigin(origin: string, port: number | undefined) {
  if (!URL.canParse(origin)) return false
  const url = new URL(origin)
  return url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname) && Number(url.port) === port
}

/** Why the request may not send, as the 4xx to answer, or undefined when it may. */
export function sendRefusal(req: IncomingMessage): {status: number; message: string} | undefined {
  const origin = req.headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, req.socket.localPort))
    return {
      status: 403,
      message: `Blocked due to CORS violation: ${origin} may not send through this mailbox`,
    }
  const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json')
    return {
      status: 415,
      message: 'The send API takes a JSON body: send it with Content-Type: application/json',
    }
  return undefined
}
