// What each mail API's sender takes and answers: one mail, its Idempotency-Key (the lead's id), and whether it
// went (with the provider's id for the message) or why not, to be retried.
import type {Mail} from './leadMail.ts'

export type SendOutcome = {sent: true; providerMessageId: string} | {sent: false; error: string}

export type MailRequest = {
  url: string
  key: string | undefined
  mail: Mail
  idempotencyKey: string
  fetch: typeof fetch
}

/** How long a send may take before it counts as failed (and is retried, under the same key). */
export const SEND_TIMEOUT_MS = 10_000

/** A provider refusing a key used before with another body: the mail under that key went already. */
export const earlierSend = (idempotencyKey: string): SendOutcome => ({
  sent: true,
  providerMessageId: `earlier request with Idempotency-Key ${idempotencyKey}`,
})

/** An error body's text, within what the outbox keeps of it. */
export const errorText = async (response: Response) =>
  (await response.text().catch(() => '')).slice(0, 500)
