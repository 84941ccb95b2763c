// Passwords as GoTrue keeps them: bcrypt at cost 10 with the `$2a$` prefix Go's x/crypto/bcrypt writes
// (supabase/auth internal/crypto/password.go), in auth.users.encrypted_password, so an account moved to a
// hosted project still signs in. Hashed in the application, as GoTrue does, never in SQL: the `bcrypt`
// package runs each hash on libuv's thread pool, so a sign-in flood never holds the server's one thread.
import bcrypt from 'bcrypt'

const COST = 10

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, await bcrypt.genSalt(COST, 'a'))
}

/** Whether `password` is the one `hash` was made from; an account without a hash matches nothing. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  return hash ? bcrypt.compare(password, hash) : false
}
