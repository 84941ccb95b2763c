// The bearer token of a request (RFC 6750: `Authorization: Bearer <token>`; the scheme's case does not matter,
// RFC 9110 11.1).
import type {IncomingHttpHeaders} from 'node:http'

/** The token; undefined without an Authorization header or with one of another scheme. */
export const bearerToken = (headers: IncomingHttpHeaders): string | undefined =>
  /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]
