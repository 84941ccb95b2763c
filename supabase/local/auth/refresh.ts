// The refresh-token grant with rotation, as GoTrue has it (supabase/auth internal/tokens/service.go,
// RefreshTokenGrant; internal/models/refresh_token.go, RevokeTokenFamily):
// - each refresh revokes the token it was given and answers with its successor;
// - a revoked token that is the parent of the session's active token (a client that lost the answer and
//   retries) gets that active token again, not a new one;
// - another revoked token is still exchanged within refresh_token_reuse_interval of its revocation;
// - after that, its reuse revokes every token of the session, so whoever holds the active one is signed
//   out at their next refresh.
import {HttpError} from '@quantedge/server-kit/httpError'
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import {createRefreshToken, sessionAnswer} from './sessions.ts'

type TokenRow = {
  token: string
  session_id: string
  user_id: string
  revoked: boolean
  parent: string | null
  revoked_for_ms: number
}

const REUSED = Symbol('reused after the interval')

export async function refreshSession(refreshToken: string, {auth}: AuthRequest) {
  if (refreshToken === '')
    throw new HttpError(400, {
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
  const answer = await auth.db.transaction(async (tx) => {
    const {rows} = await tx.query<TokenRow>(
      `select token, session_id, user_id, revoked, parent,
         extract(epoch from clock_timestamp() - updated_at) * 1000 as revoked_for_ms
       from auth.refresh_tokens where token = $1 for update`,
      [refreshToken],
    )
    const used = rows[0]
    if (!used)
      throw authError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      )
    let issued: string | undefined
    if (used.revoked) {
      const active = (
        await tx.query<{token: string; parent: string | null}>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [used.session_id],
        )
      ).rows[0]
      if (active?.parent === used.token) issued = active.token
      else if (Number(used.revoked_for_ms) > auth.config.refreshTokenReuseIntervalMs) {
        await tx.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
          [used.session_id],
        )
        return REUSED
      }
    }
    if (issued === undefined) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not revoked',
        [used.token],
      )
      issued = await createRefreshToken(tx, used.user_id, used.session_id, used.token)
    }
    return sessionAnswer(tx, used.user_id, used.session_id, issued, auth, 'password')
  })
  // Thrown after the transaction, so the family's revocation is kept (GoTrue's NewCommitWithError).
  if (answer === REUSED)
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  return answer
}
