// What the Studio asks Sanity's API besides documents: who is signed in, the project, the editor's
// grants and preferences, and feature probes that get harmless answers. One local editor, one project.
//
// Signing in follows Sanity's provider flow: the Studio sends the browser to the provider's URL with an
// `origin`; the lake sends it back to that origin with `#sid=<one-time id>`; the Studio exchanges the id at
// /auth/fetch for the lake's token and keeps it in its own storage. Only origins on this machine are served.
import {randomBytes} from 'node:crypto'
import {matchRoute, route, type Params} from '@quantedge/server-kit/routes'
import {badRequest, unauthorized} from './errors.ts'
import {LOCAL_LOGIN_ROUTE} from './localLogin.ts'
import {routeNotFound, send, type LakeResponse} from './http.ts'
import {parseJsonBody} from './requestBody.ts'

export const LOCAL_EDITOR = {
  id: 'p-embedded-editor',
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator'}],
  provider: 'embedded',
}

const SESSION_TTL_MS = 5 * 60 * 1000
const ALL_PERMISSIONS = ['history', 'read', 'update', 'create', 'delete']

type Context = {
  res: LakeResponse
  body: Buffer
  /** Whether the request's browser origin is on the lake's CORS allow-list (true without an origin). */
  originAllowed: boolean
  method: string
  /** The path after the API version, such as `/users/me`. */
  path: string
  search: URLSearchParams
  authenticated: boolean
  token: string
}

type Answer = (context: Context, params: Params) => unknown
type StudioRoute = {answer: Answer; signedIn: boolean}

export class StudioApi {
  readonly #sessions = new Map<string, number>()
  readonly #preferences = new Map<string, unknown>()

  /** The Studio's endpoints under the API version; `signedIn` ones need the lake's token. */
  readonly #routes = [
    this.#public(LOCAL_LOGIN_ROUTE, ({res, search}) => this.#login(res, search)),
    this.#public('/auth/fetch', ({res, search, token}) =>
      send(res, 200, {token: this.#exchange(search.get('sid'), token), label: 'Local editor'}),
    ),
    this.#public('/auth/logout', ({res}) => send(res, 200, {})),
    // What the Studio and @sanity/client probe after an opaque network failure (cors.ts).
    this.#public('/check/cors', ({res, originAllowed}) =>
      send(res, 200, {result: {allowed: originAllowed, withCredentials: originAllowed}}),
    ),
    this.#public('/intake/telemetry-status', ({res}) => send(res, 200, {status: 'denied'})),
    this.#public('/intake/*', ({res}) => send(res, 204)),
    this.#public('/features', ({res}) => send(res, 200, [])),
    this.#public('/journey/*', ({res}) => send(res, 200, [])),
    this.#public('/schedules/*', ({res}) => send(res, 200, {schedules: []})),
    this.#public('/help', ({res}) => send(res, 200, 'PONG')),
    this.#public('/ping', ({res}) => send(res, 200, 'PONG')),
    this.#signedIn('*', '/auth/id', ({res}) => send(res, 200, {id: LOCAL_EDITOR.id})),
    this.#signedIn('*', '/users/me', ({res}) => send(res, 200, LOCAL_EDITOR)),
    this.#signedIn('PUT', '/users/me/keyvalue', ({res, body}) =>
      send(res, 200, this.#storePreferences(parseJsonBody(body))),
    ),
    this.#signedIn('*', '/users/me/keyvalue/:keys', ({res}, {keys}) =>
      send(res, 200, this.#readPreferences(keys ?? '')),
    ),
    this.#signedIn('*', '/users/:ids', ({res}, {ids}) =>
      send(
        res,
        200,
        (ids ?? '').split(',').map((id) => (id === LOCAL_EDITOR.id ? LOCAL_EDITOR : null)),
      ),
    ),
    this.#signedIn('*', '/access/*', ({res}) => send(res, 200, [])),
    this.#signedIn('*', '/projects/:projectId{/*}?', ({res, search}, params) =>
      send(
        res,
        200,
        projectAnswer(params.projectId ?? '', params[0] ? `/${params[0]}` : '', search),
      ),
    ),
  ]

  #public(pathname: string, answer: Answer) {
    return route<StudioRoute>('*', pathname, {answer, signedIn: false})
  }

  #signedIn(method: string, pathname: string, answer: Answer) {
    return route<StudioRoute>(method, pathname, {answer, signedIn: true})
  }

  /** Answers a request the data endpoints do not, or says there is no such endpoint. */
  async handle(context: Context): Promise<void> {
    const matched = matchRoute(this.#routes, context.method, context.path)
    if ((!matched.found || matched.handler.signedIn) && !context.authenticated) {
      throw unauthorized('Sign in to the embedded Content Lake')
    }
    if (!matched.found) throw routeNotFound(context.path)
    await matched.handler.answer(context, matched.params)
  }

  #login(res: LakeResponse, search: URLSearchParams) {
    const origin = search.get('origin') ?? ''
    if (!isLocalOrigin(origin))
      throw badRequest(
        'The embedded lake signs in only Studios served from this machine (localhost)',
      )
    const now = Date.now()
    for (const [unused, expires] of this.#sessions) if (expires < now) this.#sessions.delete(unused)
    const sid = randomBytes(24).toString('base64url')
    this.#sessions.set(sid, now + SESSION_TTL_MS)
    const target = new URL(origin)
    target.hash = `sid=${sid}`
    send(res, 302, undefined, {'Location': target.href, 'Cache-Control': 'no-store'})
  }

  #exchange(sid: string | null, token: string) {
    const expires = sid ? this.#sessions.get(sid) : undefined
    if (!sid || expires === undefined || expires < Date.now())
      throw unauthorized('Unknown or expired session id')
    this.#sessions.delete(sid)
    return token
  }

  #readPreferences(keys: string) {
    return keys.split(',').map((key) => ({key, value: this.#preferences.get(key) ?? null}))
  }

  #storePreferences(body: unknown) {
    const entries = Array.isArray(body) ? body : [body]
    return entries.flatMap((entry) => {
      const {key, value} = (entry ?? {}) as {key?: unknown; value?: unknown}
      if (typeof key !== 'string') return []
      this.#preferences.set(key, value ?? null)
      return [{key, value: value ?? null}]
    })
  }
}

function isLocalOrigin(origin: string) {
  if (!URL.canParse(origin)) return false
  const {protocol, hostname} = new URL(origin)
  const local =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]'
  return local && (protocol === 'http:' || protocol === 'https:')
}

/** `/projects/<id>` and what hangs under it: the project, its grants, datasets and ACL. */
function projectAnswer(projectId: string, rest: string, search: URLSearchParams): unknown {
  const documentGrants = [{filter: '_id in path("**")', permissions: ALL_PERMISSIONS}]
  if (rest === '') {
    return {
      id: projectId,
      displayName: 'QuantEdge (embedded Content Lake)',
      studioHost: null,
      isBlocked: false,
      isDisabled: false,
      organizationId: null,
      metadata: {},
      members: [
        {
          id: LOCAL_EDITOR.id,
          role: 'administrator',
          roles: LOCAL_EDITOR.roles,
          isCurrentUser: true,
          isRobot: false,
        },
      ],
      features: [],
    }
  }
  if (rest === '/grants') {
    const grants = ALL_PERMISSIONS.map((name) => ({name, params: {}}))
    return {
      'sanity.document.filter': [
        {
          grants: documentGrants.map(({filter}) => ({filter, permissions: ALL_PERMISSIONS})),
          config: {},
        },
      ],
      'sanity.project': [{grants, config: {}}],
      'sanity.project.datasets': [{grants, config: {}}],
    }
  }
  if (rest === '/datasets') {
    // The comments add-on dataset does not exist here: the Studio then leaves comments off.
    return search.get('datasetProfile') === 'comments'
      ? []
      : [{name: 'production', aclMode: 'private'}]
  }
  if (/^\/datasets\/[^/]+\/acl$/.test(rest)) return documentGrants
  if (/^\/datasets\/[^/]+\/settings\/indexing$/.test(rest)) return {partialIndexing: false}
  if (rest === '/roles') return LOCAL_EDITOR.roles
  if (rest.startsWith('/user-applications')) return []
  return {}
}
