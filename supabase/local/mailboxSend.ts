// Mailpit's send API on the dev mailbox (POST /api/v1/send; https://mailpit.axllent.org/docs/api-v1/ and
// server/apiv1/send.go): {From: {Email, Name}, To: [{Email, Name}], ReplyTo, Subject, Text, HTML, Headers},
// answered {ID}; what it refuses is 400 {Error}, in Mailpit's words where it has them. Mailpit ignores an
// Idempotency-Key; this mailbox keeps Resend's rules for it, so the dev path behaves as production does
// (https://resend.com/docs/dashboard/emails/idempotency-keys): a key of 1 to 256 characters; the same key
// and body within 24 hours answers the first message's ID and delivers nothing; the same key with another
// body is 409 (Resend's invalid_idempotent_request, in its words). Requests are answered one at a time, so
// Resend's 409 for two concurrent requests with one key cannot arise here. Only JSON from no foreign origin is
// taken (mailboxSendPolicy.ts).
import {createHash} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {bodyRefusal, readJsonWithin} from '@quantedge/server-kit/body'
import {send} from '@quantedge/server-kit/send'
import type {MailAddress, Mailbox, SentMail} from './mailbox.ts'
import {sendRefusal} from './mailboxSendPolicy.ts'

/** Mailpit's default largest message (--max-message-size, 30 MB); JSON nests no deeper than a message does. */
const MAX_BODY_BYTES = 30 * 1024 * 1024
const MAX_JSON_DEPTH = 8
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/** Headers a sender may not set (Mailpit's restrictedHeaders). */
const RESTRICTED_HEADERS = [
  'To',
  'From',
  'Cc',
  'Bcc',
  'Reply-To',
  'Date',
  'Subject',
  'Content-Type',
  'Mime-Version',
]

/** Mailpit's fields this mailbox does not read: refused rather than dropped. */
const UNREAD_FIELDS = ['Cc', 'Bcc', 'Attachments', 'Tags']

class Refused extends Error {}

const refuse = (res: ServerResponse, status: number, message: string) =>
  send(res, status, {Error: message})

export async function sendThroughMailbox(
  mailbox: Mailbox,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const refused = sendRefusal(req)
  if (refused) return refuse(res, refused.status, refused.message)
  const key = req.headers['idempotency-key']
  if (key !== undefined && (typeof key !== 'string' || key.length < 1 || key.length > 256))
    return refuse(res, 400, 'Idempotency keys, if present, must have between 1 and 256 characters.')
  let text: string
  let mail: SentMail
  try {
    const body = await readJsonWithin(req, MAX_BODY_BYTES, MAX_JSON_DEPTH)
    text = body.text
    mail = sentMail(body.value)
  } catch (error) {
    if (error instanceof Refused) return refuse(res, 400, error.message)
    const refusal = bodyRefusal(error)
    if (refusal) return refuse(res, refusal.status, refusal.message)
    throw error
  }
  if (key === undefined) return send(res, 200, {ID: mailbox.accept(mail).ID})
  const bodyHash = createHash('sha256').update(text).digest('hex')
  const since = Date.now() - IDEMPOTENCY_WINDOW_MS
  const earlier = mailbox
    .messages()
    .find((message) => message.IdempotencyKey === key && Date.parse(message.Created) > since)
  if (earlier?.BodyHash === bodyHash) return send(res, 200, {ID: earlier.ID})
  if (earlier) {
    return refuse(
      res,
      409,
      'This idempotency key has been used on another request within the last 24 hours, and the request body was modified and does not match the original request.',
    )
  }
  send(res, 200, {ID: mailbox.accept(mail, {key, bodyHash}).ID})
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const optionalString = (body: Record<string, unknown>, field: string) => {
  const value = body[field] ?? ''
  if (typeof value !== 'string') throw new Refused(`${field} must be a string`)
  return value
}

/** The header each field becomes, as Mailpit names it in its refusals. */
const HEADER_NAMES: Record<string, string> = {ReplyTo: 'Reply-To'}

function address(value: unknown, field: string): MailAddress {
  if (!isRecord(value) || typeof value.Email !== 'string')
    throw new Refused(`${field} must be an object with an Email`)
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(value.Email))
    throw new Refused(`invalid ${HEADER_NAMES[field] ?? field} address: ${value.Email}`)
  const name = value.Name ?? ''
  if (typeof name !== 'string') throw new Refused(`${field} Name must be a string`)
  return {Address: value.Email, Name: name}
}

function addresses(body: Record<string, unknown>, field: string): MailAddress[] {
  const list = body[field] ?? []
  if (!Array.isArray(list)) throw new Refused(`${field} must be an array`)
  return list.map((entry) => address(entry, field))
}

function sentMail(body: unknown): SentMail {
  if (!isRecord(body)) throw new Refused('the request body must be a JSON object')
  const unread = UNREAD_FIELDS.find((field) => body[field] !== undefined)
  if (unread) throw new Refused(`this dev mailbox does not read ${unread}`)
  const headers = body.Headers ?? {}
  if (!isRecord(headers)) throw new Refused('Headers must be an object')
  const restricted = Object.keys(headers).find((name) => RESTRICTED_HEADERS.includes(name))
  if (restricted !== undefined) throw new Refused(`cannot overwrite header: "${restricted}"`)
  const mail: SentMail = {
    From: address(body.From, 'From'),
    To: addresses(body, 'To'),
    ReplyTo: addresses(body, 'ReplyTo'),
    Subject: optionalString(body, 'Subject'),
    Text: optionalString(body, 'Text'),
    HTML: optionalString(body, 'HTML'),
  }
  if (mail.To.length === 0) throw new Refused('To must name at least one recipient')
  return mail
}
