// Draining the outbox: claim due leads, send each its own mail (in parallel within a claim), record each as
// sent or failed, and claim again until a claim comes back empty. A lead claimed but never recorded (the
// function died) comes due again when its lease ends, and its retry carries the same Idempotency-Key.
import {leadMail} from './leadMail.ts'
import {sendMail} from './mailApi.ts'
import type {Outbox} from './outbox.ts'
import type {NotifySettings} from './settings.ts'

export const CLAIM_BATCH = 10

export type DrainResult = {sent: number; failed: number}

export async function drainOutbox(settings: NotifySettings, leads: Outbox): Promise<DrainResult> {
  const result: DrainResult = {sent: 0, failed: 0}
  for (
    let claimed = await leads.claim(CLAIM_BATCH);
    claimed.length > 0;
    claimed = await leads.claim(CLAIM_BATCH)
  ) {
    await Promise.all(
      claimed.map(async (lead) => {
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
      }),
    )
  }
  return result
}
