// GoTrue's user as stored (auth.users) and as answered (supabase/auth internal/models/user.go: empty
// timestamps are left out, as its `omitempty` tags do).
import {randomUUID} from 'node:crypto'
import type {Transaction} from '@electric-sql/pglite'
import type {Database} from '../database.ts'

export type UserRow = {
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

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : undefined)

const EMAIL_APP_METADATA = {provider: 'email', providers: ['email']}

export function userJson(user: UserRow) {
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
        identity_data: {
          email: user.email,
          email_verified: Boolean(user.email_confirmed_at),
          phone_verified: false,
          sub: user.id,
        },
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

/**
 * The answer to a sign-up for a taken, confirmed address: internal/api/signup.go, sanitizeUser. A new id,
 * created, updated and "sent" now, nothing confirmed or signed in, no identities, the request's own data,
 * and an empty role, as GoTrue has it. GoTrue keeps the account's recovery_sent_at; a new user has none,
 * so it is left out here.
 */
export function lookAlikeUser(email: string, data: Record<string, unknown>) {
  const now = new Date()
  return {
    ...userJson({
      id: randomUUID(),
      email,
      email_confirmed_at: null,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: EMAIL_APP_METADATA,
      raw_user_meta_data: data,
      created_at: now,
      updated_at: now,
    }),
    role: '',
    identities: [],
  }
}

export async function findUserByEmail(db: Database | Transaction, email: string, lock = false) {
  return (
    await db.query<UserRow>(
      `select * from auth.users where email = $1${lock ? ' for update' : ''}`,
      [email],
    )
  ).rows[0]
}

export async function findUserById(db: Database | Transaction, id: string) {
  return (await db.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0]
}
