// Sending one lead's mail through the configured HTTP mail API (Edge Functions cannot open SMTP ports): Resend
// in production, a Mailpit-compatible endpoint (the dev mailbox) locally. The lead's id is the Idempotency-Key,
// so a retried send of a mail that went is not sent again.
import type {Mail} from './leadMail.ts'
import {sendWithMailpit} from './mailpit.ts'
import type {MailRequest, SendOutcome} from './mailRequest.ts'
import {sendWithResend} from './resend.ts'
import type {NotifySettings} from './settings.ts'

export async function sendMail(
  api: NotifySettings['mailApi'],
  mail: Mail,
  idempotencyKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome> {
  const request: MailRequest = {url: api.url, key: api.key, mail, idempotencyKey, fetch: fetchImpl}
  try {
    return api.kind === 'resend' ? await sendWithResend(request) : await sendWithMailpit(request)
  } catch (error) {
    return {
      sent: false,
      error: `The mail API did not answer: ${(error as Error).message}`,
      permanent: false,
    }
  }
}
