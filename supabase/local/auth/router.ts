// The part of GoTrue (Supabase Auth, under /auth/v1) that supabase-js uses here, routed as GoTrue routes
// it (supabase/auth internal/api/api.go), with the per-address limits it puts in front of each endpoint.
import type {IncomingMessage, ServerResponse} from 'node:http'
import {matchRoute, route} from '@quantedge/server-kit/routes'
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

type Context = {req: IncomingMessage; res: ServerResponse; url: URL; request: AuthRequest}
type Handler = (context: Context) => Promise<unknown>

/** Counts a request against one of GoTrue's per-address limits; over it, GoTrue's 429. */
const limitBy = (bucket: 'signups' | 'recover' | 'verify', {request}: Context) => {
  if (!request.auth.limits[bucket].allow(request.clientAddress)) throw overRequestRateLimit()
}

const ROUTES = [
  route<Handler>('POST', '/signup', async (context) => {
    const body = await jsonObject(context.req)
    limitBy('signups', context)
    return signUp(body, context.url, context.request)
  }),
  route<Handler>('POST', '/token', async ({req, url, request}) =>
    token(await jsonObject(req), url.searchParams.get('grant_type'), request),
  ),
  route<Handler>('POST', '/recover', async (context) => {
    limitBy('recover', context)
    return recover(await jsonObject(context.req), context.url, context.request)
  }),
  route<Handler>('GET', '/user', async ({req, request}) =>
    userJson(await currentUser(req, request)),
  ),
  route<Handler>('PUT', '/user', async ({req, request}) => {
    const user = await currentUser(req, request)
    return updateUser(user, await jsonObject(req), request)
  }),
  route<Handler>('POST', '/logout', async ({req, url, request}) =>
    logout(await currentUser(req, request), url.searchParams.get('scope') ?? 'global', request),
  ),
  route<Handler>('GET', '/verify', async (context) => {
    limitBy('verify', context)
    return verify(context.url, context.request, context.res)
  }),
]

export async function handleAuth(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  request: AuthRequest,
) {
  const matched = matchRoute(ROUTES, req.method ?? 'GET', path)
  if (!matched.found) {
    throw authError(
      404,
      'not_found',
      `${req.method} ${path} is not an endpoint of this GoTrue stand-in`,
    )
  }
  const answer = await matched.handler({req, res, url, request})
  // null: the handler has answered itself (a redirect); undefined: no content.
  if (answer === null) return
  send(res, answer === undefined ? 204 : 200, answer, API_VERSION_HEADERS)
}
