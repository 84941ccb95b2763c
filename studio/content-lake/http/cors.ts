// Cross-origin requests as Sanity's CORS origins allow them (https://www.sanity.io/docs/content-lake/cors):
// only the configured origins, `protocol://hostname[:port]` with `*` as a wildcard, may call the lake from a
// browser, and they may send credentials; a request or preflight from any other origin is refused. `/ping` and
// `/check/cors` answer every origin without credentials, as Sanity's do: the Studio and @sanity/client probe
// `/check/cors` with `credentials: 'omit'` to tell a refused origin from a network failure (`checkCors` in
// sanity, `checkCorsObservable` in @sanity/client), and read `{result: {allowed, withCredentials}}`.
import {LakeError} from '../documents/errors.ts'
import {send, type HttpRequest, type HttpResponse} from '@quantedge/server-kit/send'

const OPEN_TO_EVERY_ORIGIN = /^(?:\/v(?:1|\d{4}-\d{2}-\d{2}|X))?\/(?:ping|check\/cors)$/
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

export class CorsOrigins {
  readonly #patterns: RegExp[]

  constructor(origins: readonly string[]) {
    this.#patterns = origins.map((origin) => {
      const literal = normalized(origin).replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      return new RegExp(`^${literal.replaceAll('*', '[a-z0-9.-]*')}$`)
    })
  }

  allows(origin: string) {
    return this.#patterns.some((pattern) => pattern.test(normalized(origin)))
  }

  /**
   * Sets the CORS headers `req` may have and answers a preflight. Returns false when the request has been
   * answered (a preflight); throws Sanity-style 403 for an origin that is not allowed.
   */
  admit(req: HttpRequest, res: HttpResponse, pathname: string): boolean {
    const origin = req.headers.origin
    const preflight = req.method === 'OPTIONS'
    if (origin !== undefined) {
      const allowed = this.allows(origin)
      if (!allowed && !OPEN_TO_EVERY_ORIGIN.test(pathname)) throw originRefused(origin)
      res.setHeader('Access-Control-Allow-Origin', origin)
      res.setHeader('Vary', 'Origin')
      if (allowed) res.setHeader('Access-Control-Allow-Credentials', 'true')
      if (preflight) {
        const requested = req.headers['access-control-request-headers']
        res.setHeader('Access-Control-Allow-Methods', allowed ? METHODS : 'GET, HEAD, OPTIONS')
        res.setHeader(
          'Access-Control-Allow-Headers',
          allowed && requested ? String(requested) : 'Content-Type',
        )
        res.setHeader('Access-Control-Max-Age', '600')
      }
    }
    if (!preflight) return true
    send(res, 204)
    return false
  }
}

const normalized = (origin: string) => origin.trim().toLowerCase().replace(/\/+$/, '')

/** 403 in the `{statusCode, error, message}` shape Sanity's API refuses with (as for a missing token). */
const originRefused = (origin: string) => {
  const message = `The origin ${origin} is not allowed to call this Content Lake; add it to CONTENT_LAKE_CORS_ORIGINS`
  return new LakeError(403, {statusCode: 403, error: 'Forbidden', message}, message)
}
