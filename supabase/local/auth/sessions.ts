// Sessions and their refresh tokens, and the session answer supabase-js keeps (supabase/auth
// internal/models/refresh_token.go createRefreshToken; internal/tokens/service.go AccessTokenResponse).
import {randomBytes} from 'node:crypto'
import type {Transaction} from '@electric-sql/pglite'
import {signAccessToken} from '../tokens.ts'
import type {AuthContext} from './context.ts'
import {findUserById, userJson} from './users.ts'

/** A new refresh token in a session; with a parent, it is that token's successor in the family. */
export async function createRefreshToken(
  tx: Transaction,
  userId: string,
  sessionId: string,
  parent?: string,
) {
  const token = randomBytes(16).toString('hex')
  await tx.query(
    'insert into auth.refresh_tokens (token, session_id, user_id, parent) values ($1, $2, $3, $4)',
    [token, sessionId, userId, parent ?? null],
  )
  return token
}

/** Signs the user in: a new session with its first refresh token. */
export async function newSession(
  tx: Transaction,
  userId: string,
  auth: AuthContext,
  method: 'password' | 'otp',
) {
  const {rows} = await tx.query<{id: string}>(
    'insert into auth.sessions (user_id) values ($1) returning id',
    [userId],
  )
  const sessionId = rows[0]!.id
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
  return sessionAnswer(
    tx,
    userId,
    sessionId,
    await createRefreshToken(tx, userId, sessionId),
    auth,
    method,
  )
}

export async function sessionAnswer(
  tx: Transaction,
  userId: string,
  sessionId: string,
  refreshToken: string,
  auth: AuthContext,
  method: 'password' | 'otp',
) {
  const user = (await findUserById(tx, userId))!
  const claims = {
    aud: 'authenticated',
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{method, timestamp: Math.floor(Date.now() / 1000)}],
    session_id: sessionId,
    is_anonymous: false,
  }
  const lifetime = auth.config.jwtExpirySeconds
  const {token: accessToken, expiresAt} = await signAccessToken(
    auth.jwtSecret,
    `${auth.publicUrl}/auth/v1`,
    claims,
    lifetime,
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: lifetime,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}
