// GET /verify, the e-mailed link (supabase/auth internal/api/verify.go, verifyGet): confirms the address
// or opens a recovery, then sends the browser (303) to the allowed redirect with the session, or the
// error, in the fragment.
import type {ServerResponse} from 'node:http'
import {send} from '@quantedge/server-kit/send'
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import {redirectTarget} from './redirect.ts'
import {newSession} from './sessions.ts'
import type {UserRow} from './users.ts'

const LINK_HOURS = {signup: 24, recovery: 1}
const TOKEN_COLUMN = {signup: 'confirmation_token', recovery: 'recovery_token'}
const SENT_COLUMN = {signup: 'confirmation_sent_at', recovery: 'recovery_sent_at'}

export async function verify(url: URL, {auth}: AuthRequest, res: ServerResponse) {
  const type = url.searchParams.get('type')
  const token = url.searchParams.get('token') ?? ''
  const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), auth.redirects)
  if (type !== 'signup' && type !== 'recovery')
    throw authError(400, 'validation_failed', 'Verify requires a verification type')
  const session = await auth.db.transaction(async (tx) => {
    const {rows} = await tx.query<UserRow>(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), ${TOKEN_COLUMN[type]} = null, updated_at = now()
       where ${TOKEN_COLUMN[type]} = $1 and ${SENT_COLUMN[type]} > now() - make_interval(hours => $2) returning *`,
      [token, LINK_HOURS[type]],
    )
    return rows[0] ? newSession(tx, rows[0].id, auth, 'otp') : undefined
  })
  const fragment = session
    ? new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      })
    : new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      })
  send(res, 303, undefined, {Location: `${redirectTo}#${fragment}`})
  return null
}
