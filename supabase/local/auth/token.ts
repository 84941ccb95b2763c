// POST /token as GoTrue answers it (supabase/auth internal/api/token.go): the password grant, and the
// refresh-token grant in refresh.ts; both count against the token_refresh limit of the client's address,
// which the router takes as the request arrives.
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import {stringField} from './params.ts'
import {passwordMatches} from './password.ts'
import {refreshSession} from './refresh.ts'
import {newSession} from './sessions.ts'
import type {UserRow} from './users.ts'

const INVALID_LOGIN = 'Invalid login credentials'

export async function token(
  body: Record<string, unknown>,
  grantType: string | null,
  request: AuthRequest,
) {
  if (grantType !== 'password' && grantType !== 'refresh_token') {
    throw authError(400, 'invalid_credentials', 'unsupported_grant_type')
  }
  return grantType === 'password'
    ? passwordGrant(body, request)
    : refreshSession(stringField(body, 'refresh_token'), request)
}

async function passwordGrant(body: Record<string, unknown>, {auth}: AuthRequest) {
  const email = stringField(body, 'email').trim().toLowerCase()
  const password = stringField(body, 'password')
  if (email === '') throw authError(400, 'validation_failed', 'missing email or phone')
  const {rows} = await auth.db.query<UserRow & {encrypted_password: string | null}>(
    'select * from auth.users where email = $1',
    [email],
  )
  const user = rows[0]
  if (!user || !(await passwordMatches(password, user.encrypted_password)))
    throw authError(400, 'invalid_credentials', INVALID_LOGIN)
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed')
  return auth.db.transaction((tx) => newSession(tx, user.id, auth, 'password'))
}
