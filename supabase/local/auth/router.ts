// The part of GoTrue (Supabase Auth, under /auth/v1) that supabase-js uses here, routed as GoTrue routes
// it (supabase/auth internal/api/api.go), with the per-address limits it puts in front of each endpoint.
import type {IncomingMessage, ServerResponse} from 'node:http'
import {send} from '../http.ts'
import type {AuthRequest} from './context.ts'
import {API_VERSION_HEADERS, authError, overRequestRateLimit} from './errors.ts'
import {logout} from './logout.ts'
import {jsonObject} from './params.ts'
import {recover} from './recover.ts'
import {signUp} from './signup.ts'
import {token} from './token.ts'
import {currentUser, updateUser} from './user.ts'
import {userJson} from './users.ts'
import {verify} from './verify.ts'

export async function handleAuth(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  request: AuthRequest,
) {
  const {limits} = request.auth
  const allow = (buckets: typeof limits.signups) => {
    if (!buckets.allow(request.clientAddress)) throw overRequestRateLimit()
  }
  const route = `${req.method} ${path}`
  const answer = await (async () => {
    switch (route) {
      case 'POST /signup': {
        const body = await jsonObject(req)
        allow(limits.signups)
        return signUp(body, url, request)
      }
      case 'POST /token':
        return token(await jsonObject(req), url.searchParams.get('grant_type'), request)
      case 'POST /recover':
        allow(limits.recover)
        return recover(await jsonObject(req), url, request)
      case 'GET /user':
        return userJson(await currentUser(req, request))
      case 'PUT /user': {
        const user = await currentUser(req, request)
        return updateUser(user, await jsonObject(req), request)
      }
      case 'POST /logout':
        return logout(
          await currentUser(req, request),
          url.searchParams.get('scope') ?? 'global',
          request,
        )
      case 'GET /verify':
        allow(limits.verify)
        return verify(url, request, res)
      default:
        throw authError(404, 'not_found', `${route} is not an endpoint of this GoTrue stand-in`)
    }
  })()
  if (answer === null) return
  send(res, answer === undefined ? 204 : 200, answer, API_VERSION_HEADERS)
}
