// The part of GoTrue (Supabase Auth, under /auth/v1) that supabase-js uses here: sign-up with e-mail
// confirmation, password and refresh-token grants, recovery, the user, logout and the e-mailed links,
// with GoTrue's status codes, error codes and messages.
import {randomBytes, randomUUID} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {Transaction} from '@electric-sql/pglite'
import type {Database} from './database.ts'
import {bearerOf, HttpAnswer, readJson, send} from './http.ts'
import type {Mailbox} from './mailbox.ts'
import type {AddressRateLimit} from './rateLimit.ts'
import {ACCESS_TOKEN_SECONDS, InvalidToken, signAccessToken, verifyToken} from './tokens.ts'

export type AuthContext = {
  db: Database
  mailbox: Mailbox
  jwtSecret: string
  /** Where the API is reached, for the links in e-mails and the token issuer. */
  publicUrl: string
  siteUrl: string
  /** Addresses an e-mailed link may send the browser back to, besides the site itself. */
  redirectUrls: string[]
  emailLimit: AddressRateLimit
  signInLimit: AddressRateLimit
}

type UserRow = {
  id: string
  email: string
  email_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

const API_VERSION_HEADERS = {'X-Supabase-Api-Version': '2024-01-01'}
const SIGNUP_LINK_HOURS = 24
const RECOVERY_LINK_HOURS = 1
const MIN_PASSWORD_LENGTH = 6
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A GoTrue error, in the 2024-01-01 API shape auth-js reads its code from. */
export const authError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new HttpAnswer(status, {code, message, ...extra}, {...API_VERSION_HEADERS, 'x-sb-error-code': code})

export async function handleAuth(req: IncomingMessage, res: ServerResponse, path: string, url: URL, auth: AuthContext) {
  const route = `${req.method} ${path}`
  const answer = await (async () => {
    switch (route) {
      case 'POST /signup':
        return signUp(await jsonObject(req), url, auth)
      case 'POST /token':
        return token(await jsonObject(req), url.searchParams.get('grant_type'), auth)
      case 'POST /recover':
        return recover(await jsonObject(req), url, auth)
      case 'GET /user':
        return userJson(await currentUser(req, auth))
      case 'PUT /user':
        return updateUser(req, auth)
      case 'POST /logout':
        return logout(req, url.searchParams.get('scope') ?? 'global', auth)
      case 'GET /verify':
        return verify(url, auth, res)
      default:
        throw authError(404, 'not_found', `${route} is not an endpoint of this GoTrue stand-in`)
    }
  })()
  if (answer === null) return
  send(res, answer === undefined ? 204 : 200, answer, API_VERSION_HEADERS)
}

async function jsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJson(req)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  }
  return body as Record<string, unknown>
}

function emailFrom(body: Record<string, unknown>): string {
  if (typeof body.email !== 'string' || body.email.trim() === '') {
    throw authError(400, 'validation_failed', 'To sign up, please provide your email')
  }
  const email = body.email.trim().toLowerCase()
  if (!EMAIL.test(email) || email.length > 254) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  return email
}

function passwordFrom(body: Record<string, unknown>): string {
  if (typeof body.password !== 'string' || body.password === '') {
    throw authError(422, 'validation_failed', 'Signup requires a valid password')
  }
  if (body.password.length < MIN_PASSWORD_LENGTH) {
    throw authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: {reasons: ['length']},
    })
  }
  if (body.password.length > 72) throw authError(422, 'weak_password', 'Password cannot be longer than 72 characters')
  return body.password
}

function limitEmails(address: string, auth: AuthContext) {
  const wait = auth.emailLimit.hit(address)
  if (wait > 0) {
    throw authError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`)
  }
}

/** Where an e-mailed link returns the browser: the requested address if it is allowed, else the site. */
function redirectTarget(requested: string | null, auth: AuthContext): string {
  if (requested && [auth.siteUrl, ...auth.redirectUrls].some((allowed) => requested.startsWith(allowed))) return requested
  return auth.siteUrl
}

function verifyLink(auth: AuthContext, token: string, type: 'signup' | 'recovery', redirectTo: string) {
  const link = new URL(`${auth.publicUrl}/auth/v1/verify`)
  link.search = new URLSearchParams({token, type, redirect_to: redirectTo}).toString()
  return link.href
}

async function signUp(body: Record<string, unknown>, url: URL, auth: AuthContext) {
  const email = emailFrom(body)
  const password = passwordFrom(body)
  const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), auth)
  const existing = await findUser(auth.db, email)
  if (existing?.email_confirmed_at) {
    // GoTrue answers a taken, confirmed address with a look-alike user, so sign-up cannot test for accounts.
    return {...userJson(existing), id: randomUUID(), identities: []}
  }
  limitEmails(email, auth)
  const confirmation = randomBytes(24).toString('hex')
  const meta = typeof body.data === 'object' && body.data !== null ? body.data : {}
  const {rows} = await auth.db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, confirmation_token, confirmation_sent_at, raw_user_meta_data)
     values ($1, crypt($2, gen_salt('bf', 10)), $3, now(), $4)
     on conflict (email) do update set encrypted_password = excluded.encrypted_password,
       confirmation_token = excluded.confirmation_token, confirmation_sent_at = now(), updated_at = now()
     returning *`,
    [email, password, confirmation, JSON.stringify(meta)],
  )
  auth.mailbox.deliver(
    email,
    'Confirm your signup',
    'Follow this link to confirm your e-mail address and finish creating your account.',
    'Confirm your e-mail address',
    verifyLink(auth, confirmation, 'signup', redirectTo),
  )
  return userJson(rows[0]!)
}

async function token(body: Record<string, unknown>, grantType: string | null, auth: AuthContext) {
  if (grantType === 'password') {
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      throw authError(400, 'validation_failed', 'An email address and a password are required')
    }
    const email = body.email.trim().toLowerCase()
    const wait = auth.signInLimit.hit(email)
    if (wait > 0) throw authError(429, 'over_request_rate_limit', 'Request rate limit reached')
    const {rows} = await auth.db.query<UserRow>(
      'select * from auth.users where email = $1 and encrypted_password = crypt($2, encrypted_password)',
      [email, body.password],
    )
    const user = rows[0]
    if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials')
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed')
    return auth.db.transaction((tx) => newSession(tx, user.id, auth))
  }
  if (grantType === 'refresh_token') {
    if (typeof body.refresh_token !== 'string') throw authError(400, 'validation_failed', 'refresh_token required')
    return auth.db.transaction(async (tx) => {
      const {rows} = await tx.query<{session_id: string; user_id: string}>(
        'update auth.refresh_tokens set revoked = true where token = $1 and not revoked returning session_id, user_id',
        [body.refresh_token],
      )
      const used = rows[0]
      if (!used) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      return sessionJson(tx, used.user_id, used.session_id, auth)
    })
  }
  throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type')
}

async function recover(body: Record<string, unknown>, url: URL, auth: AuthContext) {
  const email = emailFrom(body)
  limitEmails(email, auth)
  const recovery = randomBytes(24).toString('hex')
  const {rows} = await auth.db.query<UserRow>(
    'update auth.users set recovery_token = $2, recovery_sent_at = now() where email = $1 returning *',
    [email, recovery],
  )
  if (rows[0]) {
    auth.mailbox.deliver(
      email,
      'Reset your password',
      'Follow this link to choose a new password. It works once, within an hour.',
      'Reset your password',
      verifyLink(auth, recovery, 'recovery', redirectTarget(url.searchParams.get('redirect_to'), auth)),
    )
  }
  // The same answer whether or not the address has an account.
  return {}
}

/** The e-mailed link: confirms or recovers, then sends the browser back with a session in the fragment. */
async function verify(url: URL, auth: AuthContext, res: ServerResponse) {
  const type = url.searchParams.get('type')
  const tokenValue = url.searchParams.get('token') ?? ''
  const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), auth)
  if (type !== 'signup' && type !== 'recovery') throw authError(400, 'validation_failed', 'Verify requires a verification type')
  const session = await auth.db.transaction(async (tx) => {
    const {rows} =
      type === 'signup'
        ? await tx.query<UserRow>(
            `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null, updated_at = now()
             where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(hours => $2) returning *`,
            [tokenValue, SIGNUP_LINK_HOURS],
          )
        : await tx.query<UserRow>(
            `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), recovery_token = null, updated_at = now()
             where recovery_token = $1 and recovery_sent_at > now() - make_interval(hours => $2) returning *`,
            [tokenValue, RECOVERY_LINK_HOURS],
          )
    return rows[0] ? newSession(tx, rows[0].id, auth) : undefined
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
  res.writeHead(303, {Location: `${redirectTo}#${fragment}`}).end()
  return null
}

async function currentUser(req: IncomingMessage, auth: AuthContext): Promise<UserRow & {session_id: string}> {
  const bearer = bearerOf(req)
  if (!bearer) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let claims
  try {
    claims = await verifyToken(auth.jwtSecret, bearer)
  } catch (error) {
    throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as InvalidToken).message}`)
  }
  if (claims.role !== 'authenticated' || !claims.sub || !claims.session_id) {
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const {rows} = await auth.db.query<UserRow & {session_id: string}>(
    `select u.*, s.id as session_id from auth.users u join auth.sessions s on s.user_id = u.id
     where u.id = $1 and s.id = $2`,
    [claims.sub, claims.session_id],
  )
  if (!rows[0]) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  return rows[0]
}

async function updateUser(req: IncomingMessage, auth: AuthContext) {
  const user = await currentUser(req, auth)
  const body = await jsonObject(req)
  if (body.password === undefined) return userJson(user)
  const password = passwordFrom(body)
  const {rows} = await auth.db.query<UserRow>(
    `update auth.users set encrypted_password = crypt($2, gen_salt('bf', 10)), updated_at = now()
     where id = $1 and encrypted_password <> crypt($2, encrypted_password) returning *`,
    [user.id, password],
  )
  if (!rows[0]) throw authError(422, 'same_password', 'New password should be different from the old password.')
  return userJson(rows[0])
}

async function logout(req: IncomingMessage, scope: string, auth: AuthContext) {
  const user = await currentUser(req, auth)
  const where = {
    global: 'user_id = $1 and $2::uuid is not null',
    local: 'id = $2 and $1::uuid is not null',
    others: 'user_id = $1 and id <> $2',
  }[scope]
  if (!where) throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
  await auth.db.query(`delete from auth.sessions where ${where}`, [user.id, user.session_id])
  return undefined
}

async function findUser(db: Database, email: string) {
  return (await db.query<UserRow>('select * from auth.users where email = $1', [email])).rows[0]
}

async function newSession(tx: Transaction, userId: string, auth: AuthContext) {
  const {rows} = await tx.query<{id: string}>('insert into auth.sessions (user_id) values ($1) returning id', [userId])
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
  return sessionJson(tx, userId, rows[0]!.id, auth)
}

async function sessionJson(tx: Transaction, userId: string, sessionId: string, auth: AuthContext) {
  const user = (await tx.query<UserRow>('select * from auth.users where id = $1', [userId])).rows[0]!
  const refresh = randomBytes(16).toString('hex')
  await tx.query('insert into auth.refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [refresh, sessionId, userId])
  const {token: accessToken, expiresAt} = await signAccessToken(auth.jwtSecret, `${auth.publicUrl}/auth/v1`, {
    aud: 'authenticated',
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{method: 'password', timestamp: Math.floor(Date.now() / 1000)}],
    session_id: sessionId,
    is_anonymous: false,
  })
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refresh,
    user: userJson(user),
  }
}

function userJson(user: UserRow) {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : undefined)
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: {email: user.email, email_verified: Boolean(user.email_confirmed_at), phone_verified: false, sub: user.id},
        provider: 'email',
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        email: user.email,
      },
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  }
}
