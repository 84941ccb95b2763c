// GoTrue's admin API, the part the staff command uses: GET /admin/users, every user page by page, newest first,
// for an admin token only (supabase/auth internal/api/admin.go adminUsers, pagination.go, middleware.go
// requireAdminCredentials and auth.go requireAdmin; admin roles: service_role and supabase_admin).
import type {IncomingMessage, ServerResponse} from 'node:http'
import {bearerToken} from '@quantedge/server-kit/bearer'
import {send} from '@quantedge/server-kit/send'
import {InvalidToken, verifyToken} from '../tokens.ts'
import type {AuthRequest} from './context.ts'
import {API_VERSION_HEADERS, authError} from './errors.ts'
import {userJson, type UserRow} from './users.ts'

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])
const DEFAULT_PER_PAGE = 50
/** `filter`: part of the e-mail address or of the full name, as models/user.go FindUsersInAudience matches. */
const MATCHING = `($1 = '' or email like '%' || $1 || '%' or raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`

async function requireAdmin(req: IncomingMessage, {auth}: AuthRequest) {
  const bearer = bearerToken(req.headers)
  if (!bearer)
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let role: string
  try {
    ;({role} = await verifyToken(auth.jwtSecret, bearer))
  } catch (error) {
    throw authError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as InvalidToken).message}`,
    )
  }
  if (!ADMIN_ROLES.has(role)) throw authError(403, 'not_admin', 'User not allowed')
}

/** `page` and `per_page` as GoTrue's paginate reads them: empty is the default, else a whole number. */
function pageParam(url: URL, name: string, fallback: number) {
  const value = url.searchParams.get(name) ?? ''
  if (value === '') return fallback
  if (!/^\d+$/.test(value)) {
    throw authError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    )
  }
  return Number(value)
}

/** GoTrue's Link header: the next page (if any) and the last, each as the request's own address. */
function paginationLink(url: URL, page: number, totalPages: number) {
  const at = (target: number) => {
    const query = new URLSearchParams(url.searchParams)
    query.set('page', String(target))
    query.sort()
    return `<${url.pathname}?${query}>`
  }
  return `${page < totalPages ? `${at(page + 1)}; rel="next", ` : ''}${at(totalPages)}; rel="last"`
}

export async function adminUsers(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  request: AuthRequest,
) {
  await requireAdmin(req, request)
  // pop's paginator, which GoTrue uses, takes a page below 1 as the first and a size below 1 as 20.
  const page = Math.max(1, pageParam(url, 'page', 1))
  const perPage = pageParam(url, 'per_page', DEFAULT_PER_PAGE) || 20
  const filter = url.searchParams.get('filter') ?? ''
  const {db} = request.auth
  const {rows} = await db.query<UserRow>(
    `select * from auth.users where ${MATCHING} order by created_at desc, id limit $2 offset $3`,
    [filter, perPage, (page - 1) * perPage],
  )
  const total = (
    await db.query<{total: number}>(
      `select count(*)::int as total from auth.users where ${MATCHING}`,
      [filter],
    )
  ).rows[0]!.total
  send(
    res,
    200,
    {users: rows.map(userJson), aud: 'authenticated'},
    {
      ...API_VERSION_HEADERS,
      'Link': paginationLink(url, page, Math.ceil(total / perPage)),
      'X-Total-Count': String(total),
    },
  )
}
