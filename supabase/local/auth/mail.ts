// E-mails with a link, sent as GoTrue sends them (supabase/auth internal/api/mail.go): each kind is timed
// against its own timestamp (confirmation_sent_at, recovery_sent_at) with max_frequency, and every e-mail
// counts against the server's hourly email_sent limit.
import {randomBytes} from 'node:crypto'
import type {Transaction} from '@electric-sql/pglite'
import type {AuthRequest} from './context.ts'
import {authError} from './errors.ts'
import type {UserRow} from './users.ts'

const KINDS = {
  confirmation: {
    sentAt: 'confirmation_sent_at',
    token: 'confirmation_token',
    linkType: 'signup',
    subject: 'Confirm your signup',
    intro: 'Follow this link to confirm your e-mail address and finish creating your account.',
    action: 'Confirm your e-mail address',
  },
  recovery: {
    sentAt: 'recovery_sent_at',
    token: 'recovery_token',
    linkType: 'recovery',
    subject: 'Reset your password',
    intro: 'Follow this link to choose a new password. It works once, within an hour.',
    action: 'Reset your password',
  },
} as const

export type MailKind = keyof typeof KINDS

/**
 * Within the transaction that holds the user: refuses as GoTrue does when this kind was sent too recently
 * or the server's e-mail budget is spent, else stores a new link token and its time. Returns the delivery,
 * to run once the transaction has committed.
 */
export async function prepareMail(
  tx: Transaction,
  user: UserRow,
  kind: MailKind,
  request: AuthRequest,
  redirectTo: string,
) {
  const {auth} = request
  const spec = KINDS[kind]
  const sentAt = user[spec.sentAt]
  if (sentAt) {
    const leftMs = new Date(sentAt).getTime() + auth.config.maxFrequencyMs - Date.now()
    if (leftMs > 0) {
      throw authError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.trunc(leftMs / 1000)} seconds.`,
      )
    }
  }
  if (!auth.limits.emailSent.allow())
    throw authError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
  const token = randomBytes(24).toString('hex')
  await tx.query(`update auth.users set ${spec.token} = $2, ${spec.sentAt} = now() where id = $1`, [
    user.id,
    token,
  ])
  const link = new URL(`${auth.publicUrl}/auth/v1/verify`)
  link.search = new URLSearchParams({
    token,
    type: spec.linkType,
    redirect_to: redirectTo,
  }).toString()
  return () => auth.mailbox.deliver(user.email, spec.subject, spec.intro, spec.action, link.href)
}
