// What every GoTrue endpoint of the stand-in works with.
import type {AuthConfig} from '../config.ts'
import type {Database} from '../database.ts'
import type {Mailbox} from '../mailbox.ts'
import type {AuthLimits} from './rateLimits.ts'
import type {RedirectRules} from './redirect.ts'

export type AuthContext = {
  db: Database
  mailbox: Mailbox
  jwtSecret: string
  /** Where the API is reached, for the links in e-mails and the token issuer. */
  publicUrl: string
  config: AuthConfig
  redirects: RedirectRules
  limits: AuthLimits
}

/** One request: the server's context and the address the request came from. */
export type AuthRequest = {auth: AuthContext; clientAddress: string}
