// The dev mailbox: every e-mail the stand-in would send, kept in the data folder and shown on a page and
// through the part of Mailpit's JSON API that tests and people use (as with the Supabase CLI's mailbox).
import {randomUUID} from 'node:crypto'
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import {listen, stop} from '@quantedge/server-kit/listen'
import {answerRoutes, type RouteHandler, type ServerWords} from '@quantedge/server-kit/answerRoutes'
import {HttpError} from '@quantedge/server-kit/httpError'
import {route} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'

export type MailMessage = {
  ID: string
  Created: string
  To: string
  Subject: string
  Text: string
  HTML: string
  Link: string
}

const KEEP_LAST = 500

export class Mailbox {
  readonly #file: string | undefined
  #messages: MailMessage[] = []

  constructor(dataDir?: string) {
    this.#file = dataDir ? join(dataDir, 'mailbox.json') : undefined
    if (this.#file && existsSync(this.#file))
      this.#messages = JSON.parse(readFileSync(this.#file, 'utf8'))
  }

  /** Delivers a message whose one call to action is `link`. */
  deliver(to: string, subject: string, intro: string, action: string, link: string): MailMessage {
    const message: MailMessage = {
      ID: randomUUID(),
      Created: new Date().toISOString(),
      To: to,
      Subject: subject,
      Text: `${intro}\n\n${action}: ${link}\n`,
      HTML: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      Link: link,
    }
    this.#messages = [message, ...this.#messages].slice(0, KEEP_LAST)
    if (this.#file) {
      writeFileSync(`${this.#file}.tmp`, JSON.stringify(this.#messages))
      renameSync(`${this.#file}.tmp`, this.#file)
    }
    return message
  }

  messages(): readonly MailMessage[] {
    return this.#messages
  }
}

type Handler = RouteHandler<IncomingMessage, ServerResponse>

const FROM = {Address: 'noreply@localhost', Name: 'QuantEdge'}

/** The mailbox's page and the part of Mailpit's JSON API that tests and people use. */
const mailboxRoutes = (mailbox: Mailbox) => [
  route<Handler>('GET', '/', ({res}) => {
    send(res, 200, mailboxPage(mailbox.messages()), {'Content-Type': 'text/html; charset=utf-8'})
  }),
  route<Handler>('GET', '/api/v1/messages', ({res}) => {
    const messages = mailbox.messages().map(({ID, Created, To, Subject, Text}) => ({
      ID,
      Created,
      To: [{Address: To, Name: ''}],
      From: FROM,
      Subject,
      Snippet: Text.slice(0, 200),
    }))
    send(res, 200, {total: messages.length, messages_count: messages.length, messages})
  }),
  route<Handler>('GET', '/api/v1/message/:id', ({res, params: {id}}) => {
    const message = mailbox.messages().find((candidate) => candidate.ID === id)
    if (!message) return send(res, 404, {message: `No message with ID ${id}`})
    send(res, 200, {...message, To: [{Address: message.To, Name: ''}], From: FROM})
  }),
]

const WORDS: ServerWords = {
  notFound: () => new HttpError(404, {message: 'Not found'}),
  methodNotAllowed: (method) => new HttpError(405, {message: `${method} is not allowed`}),
  internalError: (error) => {
    console.error('mailbox:', error)
    return new HttpError(500, {message: 'Internal error in the dev mailbox'})
  },
}

export async function startMailboxServer(mailbox: Mailbox, port: number, host = '127.0.0.1') {
  const server: Server = createServer(answerRoutes(mailboxRoutes(mailbox), WORDS))
  return {url: `http://${host}:${await listen(server, port, host)}`, close: () => stop(server)}
}

function mailboxPage(messages: readonly MailMessage[]) {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(new Date(message.Created).toLocaleString('en-IN'))}</td><td>${escapeHtml(message.To)}</td>` +
        `<td>${escapeHtml(message.Subject)}</td><td><a href="${escapeHtml(message.Link)}">Open link</a></td></tr>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font:15px system-ui;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}</style>
</head><body><h1>Dev mailbox</h1><p>E-mail the local Supabase stand-in would have sent. Newest first.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Link</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char]!,
  )
