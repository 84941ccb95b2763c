// The dev mailbox: every e-mail the stand-in would send, and every one sent to it through Mailpit's send API,
// kept in the data folder and shown on a page and through the part of Mailpit's JSON API that tests and people
// use (as with the Supabase CLI's mailbox).
import {randomUUID} from 'node:crypto'
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

export type MailAddress = {Address: string; Name: string}

export type MailMessage = {
  ID: string
  Created: string
  From: MailAddress
  To: MailAddress[]
  ReplyTo: MailAddress[]
  Subject: string
  Text: string
  HTML: string
  /** The one call to action of the stand-in's own e-mails; empty for a sent one. */
  Link: string
  /** A sent message's Idempotency-Key and the SHA-256 of its request body (Resend's rules, mailboxSend.ts). */
  IdempotencyKey?: string
  BodyHash?: string
}

/** What a client sends through the send API. */
export type SentMail = Pick<MailMessage, 'From' | 'To' | 'ReplyTo' | 'Subject' | 'Text' | 'HTML'>

const KEEP_LAST = 500
const STAND_IN_SENDER: MailAddress = {Address: 'noreply@localhost', Name: 'QuantEdge'}

/** Messages stored before the send API had no sender and one recipient as a string. */
type StoredMessage = Omit<MailMessage, 'From' | 'To' | 'ReplyTo'> & {
  From?: MailAddress
  To: string | MailAddress[]
  ReplyTo?: MailAddress[]
}

const upgraded = (message: StoredMessage): MailMessage => ({
  ...message,
  From: message.From ?? STAND_IN_SENDER,
  To: typeof message.To === 'string' ? [{Address: message.To, Name: ''}] : message.To,
  ReplyTo: message.ReplyTo ?? [],
})

export class Mailbox {
  readonly #file: string | undefined
  #messages: MailMessage[] = []

  constructor(dataDir?: string) {
    this.#file = dataDir ? join(dataDir, 'mailbox.json') : undefined
    if (this.#file && existsSync(this.#file))
      this.#messages = (JSON.parse(readFileSync(this.#file, 'utf8')) as StoredMessage[]).map(
        upgraded,
      )
  }

  /** Delivers one of the stand-in's own messages, whose one call to action is `link`. */
  deliver(to: string, subject: string, intro: string, action: string, link: string): MailMessage {
    return this.#keep({
      From: STAND_IN_SENDER,
      To: [{Address: to, Name: ''}],
      ReplyTo: [],
      Subject: subject,
      Text: `${intro}\n\n${action}: ${link}\n`,
      HTML: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      Link: link,
    })
  }

  /** Delivers a message sent through the send API. */
  accept(mail: SentMail, idempotency?: {key: string; bodyHash: string}): MailMessage {
    return this.#keep({
      ...mail,
      Link: '',
      ...(idempotency ? {IdempotencyKey: idempotency.key, BodyHash: idempotency.bodyHash} : {}),
    })
  }

  messages(): readonly MailMessage[] {
    return this.#messages
  }

  #keep(fields: Omit<MailMessage, 'ID' | 'Created'>): MailMessage {
    const message: MailMessage = {ID: randomUUID(), Created: new Date().toISOString(), ...fields}
    this.#messages = [message, ...this.#messages].slice(0, KEEP_LAST)
    if (this.#file) {
      writeFileSync(`${this.#file}.tmp`, JSON.stringify(this.#messages))
      renameSync(`${this.#file}.tmp`, this.#file)
    }
    return message
  }
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char]!,
  )
