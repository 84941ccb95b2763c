// Draining the outbox: claim due leads, send each its own mail (one after another, spaced for the mail API's
// rate limit), record each as sent, failed for now (retried with backoff) or refused for good, and claim again
// until a claim comes back empty. A lead claimed but never recorded (the function died) comes due again when its
// lease ends, and its retry carries the same Idempotency-Key, so it is mailed once
// (migrations/20261211000200_lead_notification_leases.sql says why the lease is short).
import {leadMail} from './leadMail.ts'
import {sendMail} from './mailApi.ts'
import type {Outbox} from './outbox.ts'
import {realClock, SEND_SPACING_MS, spacedBy, type Clock} from './pace.ts'
import type {NotifySettings} from './settings.ts'

/** How long a claim holds its leads; a sender that dies holds them no longer. */
export const LEASE_SECONDS = 5
const LEASE_MS = LEASE_SECONDS * 1000
export const CLAIM_BATCH = 10

/** As many as fit in half the lease at the API's spacing (Resend: 5), the other half for its answers. */
export const claimBatch = (spacingMs: number) =>
  spacingMs > 0
    ? Math.max(1, Math.min(CLAIM_BATCH, Math.floor(LEASE_MS / 2 / spacingMs)))
    : CLAIM_BATCH

export type DrainResult = {sent: number; failed: number; refused: number}

export async function drainOutbox(
  settings: NotifySettings,
  leads: Outbox,
  clock: Clock = realClock,
): Promise<DrainResult> {
  const result: DrainResult = {sent: 0, failed: 0, refused: 0}
  const spacingMs = SEND_SPACING_MS[settings.mailApi.kind]
  const nextSend = spacedBy(spacingMs, clock)
  const claim = async () => {
    // Counted from before the claim, so the sender's idea of the lease never outlasts the database's.
    const leaseEnds = clock.now() + LEASE_MS
    return {leaseEnds, leads: await leads.claim(claimBatch(spacingMs), LEASE_SECONDS)}
  }
  for (let claimed = await claim(); claimed.leads.length > 0; claimed = await claim()) {
    for (const [index, lead] of claimed.leads.entries()) {
      await nextSend()
      // A lead whose lease has ended may be another sender's now: the next claim takes it back if not. The
      // first of each claim is sent whatever the time, so a slow database cannot stall the drain.
      if (index > 0 && clock.now() >= claimed.leaseEnds) break
      const mail = leadMail(lead, settings.from, settings.to)
      const outcome = await sendMail(settings.mailApi, mail, lead.lead_id)
      if (outcome.sent) {
        await leads.recordSent(lead.lead_id, outcome.providerMessageId)
        result.sent += 1
      } else if (outcome.permanent) {
        // In the function's logs, and as the notification's failed_at and last_error: staff see the lead on
        // their page, but no mail will come for it.
        console.error(`notify-staff: lead ${lead.lead_id} will not be mailed: ${outcome.error}`)
        await leads.recordFailed(lead.lead_id, lead.claim_id, outcome.error, true)
        result.refused += 1
      } else {
        // In the function's logs (the dashboard's, or npm start's terminal): the lead waits for its retry.
        console.error(
          `notify-staff: lead ${lead.lead_id}, attempt ${lead.attempt}: ${outcome.error}`,
        )
        await leads.recordFailed(lead.lead_id, lead.claim_id, outcome.error, false)
        result.failed += 1
      }
    }
  }
  return result
}
