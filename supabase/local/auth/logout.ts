// POST /logout (supabase/auth internal/api/logout.go): ends this session, the user's others, or all.
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import type {CurrentUser} from './user.ts'

const SCOPES: Record<string, string> = {
  global: 'user_id = $1 and $2::uuid is not null',
  local: 'id = $2 and $1::uuid is not null',
  others: 'user_id = $1 and id <> $2',
}

export async function logout(user: CurrentUser, scope: string, {auth}: AuthRequest) {
  const where = SCOPES[scope]
  if (!where) throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
  await auth.db.query(`delete from auth.sessions where ${where}`, [user.id, user.session_id])
  return undefined
}
