// POST /signup as GoTrue answers it (supabase/auth internal/api/signup.go). A taken, confirmed address
// gets a look-alike user, so the endpoint cannot tell who has an account; a pending account is left as it
// is (its password and data stay) and only gets its confirmation again; with confirmations off the new
// user is signed in at once.
import type {Transaction} from '@electric-sql/pglite'
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import {prepareMail} from './mail.ts'
import {emailFrom, metadataFrom, newPasswordFrom, stringField} from './params.ts'
import {hashPassword} from './password.ts'
import {redirectTarget} from './redirect.ts'
import {newSession} from './sessions.ts'
import {findUserByEmail, lookAlikeUser, userJson, type UserRow} from './users.ts'

export async function signUp(body: Record<string, unknown>, url: URL, request: AuthRequest) {
  const {auth} = request
  // internal/api/api.go: a sign-up with neither e-mail nor phone is an anonymous sign-in, off here.
  if (stringField(body, 'email') === '' && stringField(body, 'phone') === '') {
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  if (stringField(body, 'phone') !== '')
    throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled')
  const password = newPasswordFrom(body)
  const email = emailFrom(body)
  const data = metadataFrom(body) ?? {}
  const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), auth.redirects)
  // Hashed before the transaction, off the server's thread, so the database is not held meanwhile.
  const passwordHash = await hashPassword(password)
  let deliver: (() => void) | undefined
  const answer = await auth.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email, true)
    if (existing?.email_confirmed_at) {
      if (!auth.config.enableConfirmations)
        throw authError(422, 'user_already_exists', 'User already registered')
      return lookAlikeUser(email, data)
    }
    const user =
      existing ??
      (await createUser(tx, email, passwordHash, data, !auth.config.enableConfirmations))
    if (!auth.config.enableConfirmations) return newSession(tx, user.id, auth, 'password')
    deliver = await prepareMail(tx, user, 'confirmation', request, redirectTo)
    return userJson((await findUserByEmail(tx, email))!)
  })
  deliver?.()
  return answer
}

async function createUser(
  tx: Transaction,
  email: string,
  passwordHash: string,
  data: Record<string, unknown>,
  confirmed: boolean,
) {
  const {rows} = await tx.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
     values ($1, $2, $3, case when $4 then now() end) returning *`,
    [email, passwordHash, JSON.stringify(data), confirmed],
  )
  return rows[0]!
}
