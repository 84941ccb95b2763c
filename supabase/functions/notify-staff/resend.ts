// Resend's send endpoint (https://resend.com/docs/api-reference/emails/send-email): POST /emails with
// {from, to, subject, html, text, reply_to} and `Authorization: Bearer <key>`, answered {id}. With an
// Idempotency-Key (https://resend.com/docs/dashboard/emails/idempotency-keys) the same key and body within 24
// hours answers the first id and sends nothing; the same key with another body is 409
// invalid_idempotent_request, so a mail under that key went already; 409 concurrent_idempotent_requests is
// retried. Errors are {statusCode, name, message} (https://resend.com/docs/api-reference/errors).
import {
  earlierSend,
  postMail,
  refusal,
  sentWithId,
  type MailRequest,
  type SendOutcome,
} from './mailRequest.ts'

export async function sendWithResend(request: MailRequest): Promise<SendOutcome> {
  const {key, mail, idempotencyKey} = request
  const response = await postMail(
    request,
    {Authorization: `Bearer ${key ?? ''}`},
    {
      from: mail.from,
      to: mail.to,
      reply_to: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    },
  )
  if (response.ok) return sentWithId(response, 'id', 'Resend')
  if (
    response.status === 409 &&
    (await response.clone().text()).includes('invalid_idempotent_request')
  )
    return earlierSend(idempotencyKey)
  return refusal(response, 'Resend')
}
