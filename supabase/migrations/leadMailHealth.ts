// What lead_mail_health() answers (20261215000000_lead_mail_health.sql): how the lead mails stand, as the staff
// page shows it (web/app/staff/leadMailHealth.ts) and supabase/local's metrics count it (local/leadMetrics.ts).
export type FailedLeadMail = {id: string; name: string; failed_at: string; reason: string | null}

export type LeadMailHealth = {
  /** Mails not yet sent nor failed: due, being sent, or waiting for their retry. */
  pending: number
  oldest_pending_at: string | null
  /** Of those, the ones the mail API refused for now, and its latest answer. */
  retrying: number
  retry_reason: string | null
  /** Mails refused for good in the last week, since when, the latest answer, and the latest five leads. */
  failed: number
  failed_since: string | null
  failed_reason: string | null
  failed_leads: FailedLeadMail[]
  /** Every mail ever refused for good, and every one sent. */
  failed_total: number
  sent_total: number
}
