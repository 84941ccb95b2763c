// What each mail API's sender takes and answers: one mail, its Idempotency-Key (the lead's id), and whether it
// went (with the provider's id for the message) or why not, and whether a retry could change that.
import type {Mail} from './leadMail.ts'
import {refusedForGood} from './permanentRefusal.ts'

export type SendOutcome =
  {sent: true; providerMessageId: string} | {sent: false; error: string; permanent: boolean}

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

/** POSTs one mail as JSON to a mail API under its Idempotency-Key, given up on after SEND_TIMEOUT_MS. */
export const postMail = (
  {url, idempotencyKey, fetch}: MailRequest,
  headers: Record<string, string>,
  body: unknown,
) =>
  fetch(url, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey, ...headers},
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  })

/** A 2xx answer: sent, with the provider's message id from its `field`, or a failure when it has none. */
export async function sentWithId(
  response: Response,
  field: string,
  provider: string,
): Promise<SendOutcome> {
  const id = ((await response.json()) as Record<string, unknown>)[field]
  return typeof id === 'string' && id
    ? {sent: true, providerMessageId: id}
    : {
        sent: false,
        error: `${provider} answered without ${field === 'id' ? 'an id' : 'an ID'}`,
        permanent: false,
      }
}

/** A refusal in the API's words (`provider` answered …), for good or to be retried (permanentRefusal.ts). */
export const refusal = async (response: Response, provider: string): Promise<SendOutcome> => ({
  sent: false,
  error: `${provider} answered ${response.status}: ${await errorText(response)}`,
  permanent: refusedForGood(response.status),
})

/** An error body's text, within what the outbox keeps of it. */
export const errorText = async (response: Response) =>
  (await response.text().catch(() => '')).slice(0, 500)
