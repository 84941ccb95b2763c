// Draining the outbox: claim due leads, send each its own mail (one after another, spaced for the mail API's
// rate limit), record each as sent or failed, and claim again until a claim comes back empty. A lead claimed but
// never recorded (the function died) comes due again when its lease ends, and its retry carries the same
// Idempotency-Key. A claim of 10 spaced half a second apart takes about 5 s, well within its 120 s lease.
import {leadMail} from './leadMail.ts'
import {sendMail} from './mailApi.ts'
import type {Outbox} from './outbox.ts'
import {SEND_SPACING_MS, spacedBy} from './pace.ts'
import type {NotifySettings} from './settings.ts'

export const CLAIM_BATCH = 10

export type DrainResult = {sent: number; failed: number}

export async function drainOutbox(settings: NotifySettings, leads: Outbox): Promise<DrainResult> {
  const result: DrainResult = {sent: 0, failed: 0}
  const nextSend = spacedBy(SEND_SPACING_MS[settings.mailApi.kind])
  for (
    let claimed = await leads.claim(CLAIM_BATCH);
    claimed.length > 0;
    claimed = await leads.claim(CLAIM_BATCH)
  ) {
    for (const lead of claimed) {
      await nextSend()
      const mail = leadMail(lead, settings.from, settings.to)
      const outcome = await sendMail(settings.mailApi, mail, lead.lead_id)
      if (outcome.sent) {
        await leads.recordSent(lead.lead_id, outcome.providerMessageId)
        result.sent += 1
      } else {
        // In the function's logs (the dashboard's, or npm start's terminal): the lead waits for its retry.
        console.error(
          `notify-staff: lead ${lead.lead_id}, attempt ${lead.attempt}: ${outcome.error}`,
        )
        await leads.recordFailed(lead.lead_id, lead.claim_id, outcome.error)
        result.failed += 1
      }
    }
  }
  return result
}
