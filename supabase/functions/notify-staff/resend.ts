// Resend's send endpoint (https://resend.com/docs/api-reference/emails/send-email): POST /emails with
// {from, to, subject, html, text, reply_to} and `Authorization: Bearer <key>`, answered {id}. With an
// Idempotency-Key (https://resend.com/docs/dashboard/emails/idempotency-keys) the same key and body within 24
// hours answers the first id and sends nothing; the same key with another body is 409
// invalid_idempotent_request, so a mail under that key went already; 409 concurrent_idempotent_requests is
// retried. Errors are {statusCode, name, message} (https://resend.com/docs/api-reference/errors).
import {
  earlierSend,
  errorText,
  SEND_TIMEOUT_MS,
  type MailRequest,
  type SendOutcome,
} from './mailRequest.ts'

export async function sendWithResend({
  url,
  key,
  mail,
  idempotencyKey,
  fetch,
}: MailRequest): Promise<SendOutcome> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Authorization': `Bearer ${key ?? ''}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify({
      from: mail.from,
      to: mail.to,
      reply_to: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  })
  if (response.ok) {
    const {id} = (await response.json()) as {id?: unknown}
    if (typeof id === 'string' && id) return {sent: true, providerMessageId: id}
    return {sent: false, error: 'Resend answered without an id'}
  }
  const text = await errorText(response)
  if (response.status === 409 && text.includes('invalid_idempotent_request'))
    return earlierSend(idempotencyKey)
  return {sent: false, error: `Resend answered ${response.status}: ${text}`}
}
