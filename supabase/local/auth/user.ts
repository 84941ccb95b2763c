// GET and PUT /user (supabase/auth internal/api/user.go): the signed-in user, a new password, and `data`
// merged into user_metadata key by key (a null removes a key, models/user.go UpdateUserMetaData).
// E-mail and phone changes are refused in words: GoTrue's secure change flow (links to the new and the
// old address) is not part of this stand-in, and answering 200 while changing nothing would mislead.
import type {IncomingMessage} from 'node:http'
import type {Transaction} from '@electric-sql/pglite'
import {bearerToken} from '@quantedge/server-kit/bearer'
import {InvalidToken, verifyToken} from '../tokens.ts'
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import {emailFrom, metadataFrom, newPasswordFrom, stringField} from './params.ts'
import {hashPassword, passwordMatches} from './password.ts'
import {findUserById, userJson, type UserRow} from './users.ts'

export type CurrentUser = UserRow & {session_id: string; encrypted_password: string | null}

export async function currentUser(req: IncomingMessage, {auth}: AuthRequest): Promise<CurrentUser> {
  const bearer = bearerToken(req.headers)
  if (!bearer)
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let claims
  try {
    claims = await verifyToken(auth.jwtSecret, bearer)
  } catch (error) {
    throw authError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as InvalidToken).message}`,
    )
  }
  if (claims.role !== 'authenticated' || !claims.sub || !claims.session_id) {
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const {rows} = await auth.db.query<CurrentUser>(
    `select u.*, s.id as session_id from auth.users u join auth.sessions s on s.user_id = u.id
     where u.id = $1 and s.id = $2`,
    [claims.sub, claims.session_id],
  )
  if (!rows[0])
    throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  return rows[0]
}

const NOT_HERE =
  'cannot be changed through this local Supabase stand-in; the Supabase CLI stack or a hosted project changes it with a confirmation e-mail'

export async function updateUser(
  user: CurrentUser,
  body: Record<string, unknown>,
  request: AuthRequest,
) {
  const {auth} = request
  const email = body.email === undefined ? undefined : emailFrom(body)
  const password = body.password === undefined ? undefined : newPasswordFrom(body)
  const data = metadataFrom(body)
  if (body.app_metadata !== undefined)
    throw authError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  if (email !== undefined && email !== user.email)
    throw authError(422, 'feature_disabled', `The e-mail address ${NOT_HERE}`)
  if (stringField(body, 'phone') !== '')
    throw authError(422, 'feature_disabled', `The phone number ${NOT_HERE}`)
  // internal/api/user.go: a password equal to the current one is refused; both checks run off the thread.
  if (password !== undefined && (await passwordMatches(password, user.encrypted_password)))
    throw authError(422, 'same_password', 'New password should be different from the old password.')
  const passwordHash = password === undefined ? undefined : await hashPassword(password)
  return auth.db.transaction(async (tx) => {
    if (passwordHash !== undefined)
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
        [user.id, passwordHash],
      )
    if (data !== undefined) await mergeMetadata(tx, user.id, data)
    return userJson((await findUserById(tx, user.id))!)
  })
}

async function mergeMetadata(tx: Transaction, userId: string, data: Record<string, unknown>) {
  const removed = Object.keys(data).filter((key) => data[key] === null)
  const kept = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null))
  await tx.query(
    'update auth.users set raw_user_meta_data = (raw_user_meta_data - $2::text[]) || $3::jsonb, updated_at = now() where id = $1',
    [userId, removed, JSON.stringify(kept)],
  )
}
