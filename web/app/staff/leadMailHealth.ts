// What the staff page shows of how the lead mails stand (public.lead_mail_health(), its answer's shape in
// @quantedge/supabase/leadMailHealth): mails refused for good this week (each such lead reached nobody in sales),
// and mails held back (the mail API refusing them for now, or the oldest waiting longer than ten minutes, the same
// bound docs/operations.md alerts on).
import type {FailedLeadMail, LeadMailHealth} from '@quantedge/supabase/leadMailHealth'

/** How long the oldest mail may wait before the page says the mails are held back. */
export const HELD_BACK_AFTER_MS = 10 * 60_000

export type MailTrouble = {
  /** Mails the mail API refused for good: how many, since when, its latest reason, the latest leads. */
  failed?: {count: number; since: string; reason: string | null; leads: FailedLeadMail[]}
  /** Mails held back: how many wait, since when, and the mail API's latest refusal for now. */
  waiting?: {count: number; since: string; reason: string | null}
}

export function mailTrouble(health: LeadMailHealth, now: number = Date.now()): MailTrouble {
  const trouble: MailTrouble = {}
  if (health.failed > 0 && health.failed_since)
    trouble.failed = {
      count: health.failed,
      since: health.failed_since,
      reason: health.failed_reason,
      leads: health.failed_leads,
    }
  const oldest = health.oldest_pending_at
  const heldBack = oldest !== null && now - Date.parse(oldest) > HELD_BACK_AFTER_MS
  if (oldest && (health.retrying > 0 || heldBack))
    trouble.waiting = {count: health.pending, since: oldest, reason: health.retry_reason}
  return trouble
}
