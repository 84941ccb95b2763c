// Mailpit's send endpoint (https://mailpit.axllent.org/docs/api-v1/, POST /api/v1/send; server/apiv1/send.go):
// {From: {Email, Name}, To: [{Email, Name}], ReplyTo, Subject, Text, HTML}, answered {ID}; errors are 400
// {Error}. The dev mailbox keeps Resend's Idempotency-Key rules on it, with 409 for a key used before with
// another body (Mailpit itself ignores the header).
import {
  earlierSend,
  postMail,
  refusal,
  sentWithId,
  type MailRequest,
  type SendOutcome,
} from './mailRequest.ts'

/** `Name <address>` or a bare address, as Mailpit's {Email, Name}. */
export function mailpitAddress(address: string) {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(address)
  return named ? {Email: named[2]!.trim(), Name: named[1]!} : {Email: address.trim(), Name: ''}
}

export async function sendWithMailpit(request: MailRequest): Promise<SendOutcome> {
  const {key, mail, idempotencyKey} = request
  const response = await postMail(request, key ? {Authorization: `Bearer ${key}`} : {}, {
    From: mailpitAddress(mail.from),
    To: mail.to.map(mailpitAddress),
    ReplyTo: [mailpitAddress(mail.replyTo)],
    Subject: mail.subject,
    Text: mail.text,
    HTML: mail.html,
  })
  if (response.ok) return sentWithId(response, 'ID', 'The mail API')
  if (response.status === 409) return earlierSend(idempotencyKey)
  return refusal(response, 'The mail API')
}
