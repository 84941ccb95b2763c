// The part of GoTrue (Supabase Auth, under /auth/v1) that supabase-js uses here, routed as GoTrue routes
// it (supabase/auth internal/api/api.go), with the per-address limits it puts in front of each endpoint.
import type {IncomingMessage, ServerResponse} from 'node:http'
import {route, routeFor, type RouteRefusals} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'
import {adminUsers} from './admin.ts'
import type {AuthRequest} from './context.ts'
import type {AuthLimits} from './rateLimits.ts'
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

/**
 * Counts a request against one of GoTrue's per-address limits as it arrives, before its body is read or
 * any work is done for it (internal/api/middleware.go limitHandler); over the limit, GoTrue's 429. PUT
 * /user is counted before its token is checked too, so a flood of bad tokens meets the limit as well.
 */
const limited =
  (bucket: keyof Omit<AuthLimits, 'emailSent'>, handler: Handler): Handler =>
  (context) => {
    if (!context.request.auth.limits[bucket].allow(context.request.clientAddress))
      throw overRequestRateLimit()
    return handler(context)
  }

const ROUTES = [
  // GoTrue's own health check (internal/api/api.go, HealthCheck): its version, name and description.
  route<Handler>('GET', '/health', async () => ({
    version: 'supabase/local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  })),
  route<Handler>(
    'POST',
    '/signup',
    limited('signups', async ({req, url, request}) => signUp(await jsonObject(req), url, request)),
  ),
  route<Handler>(
    'POST',
    '/token',
    limited('token', async ({req, url, request}) =>
      token(await jsonObject(req), url.searchParams.get('grant_type'), request),
    ),
  ),
  route<Handler>(
    'POST',
    '/recover',
    limited('recover', async ({req, url, request}) => recover(await jsonObject(req), url, request)),
  ),
  route<Handler>('GET', '/user', async ({req, request}) =>
    userJson(await currentUser(req, request)),
  ),
  route<Handler>(
    'PUT',
    '/user',
    limited('userUpdate', async ({req, request}) => {
      const user = await currentUser(req, request)
      return updateUser(user, await jsonObject(req), request)
    }),
  ),
  route<Handler>('POST', '/logout', async ({req, url, request}) =>
    logout(await currentUser(req, request), url.searchParams.get('scope') ?? 'global', request),
  ),
  route<Handler>('GET', '/admin/users', async ({req, res, url, request}) => {
    await adminUsers(req, res, url, request)
    return null
  }),
  route<Handler>(
    'GET',
    '/verify',
    limited('verify', async ({url, request, res}) => verify(url, request, res)),
  ),
]

/** A path or a method GoTrue does not route (the stand-in answers both as not found). */
const REFUSALS: RouteRefusals = {
  notFound: (method, path) =>
    authError(404, 'not_found', `${method} ${path} is not an endpoint of this GoTrue stand-in`),
}

export async function handleAuth(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  request: AuthRequest,
) {
  const {handler} = routeFor(ROUTES, req.method ?? 'GET', path, REFUSALS)
  const answer = await handler({req, res, url, request})
  // null: the handler has answered itself (a redirect); undefined: no content.
  if (answer === null) return
  send(res, answer === undefined ? 204 : 200, answer, API_VERSION_HEADERS)
}
