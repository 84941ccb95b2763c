// POST /recover as GoTrue answers it (supabase/auth internal/api/recover.go): the same empty answer
// whether or not the address has an account; a known account gets a reset link, timed against its own
// recovery_sent_at (not the confirmation's).
import type {AuthRequest} from './context.ts'
import {prepareMail} from './mail.ts'
import {emailFrom} from './params.ts'
import {redirectTarget} from './redirect.ts'
import {findUserByEmail} from './users.ts'

export async function recover(body: Record<string, unknown>, url: URL, request: AuthRequest) {
  const {auth} = request
  const email = emailFrom(body)
  const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), auth.redirects)
  const deliver = await auth.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true)
    return user ? prepareMail(tx, user, 'recovery', request, redirectTo) : undefined
  })
  deliver?.()
  return {}
}
