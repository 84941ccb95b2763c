// The dev mailbox's server: its page, the part of Mailpit's JSON API that tests and people read, and Mailpit's
// send API (mailboxSend.ts). It can be stopped and started again on its port, as a mail service goes down.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {listen, stop} from '@quantedge/server-kit/listen'
import {answerRoutes, type RouteHandler, type ServerWords} from '@quantedge/server-kit/answerRoutes'
import {HttpError} from '@quantedge/server-kit/httpError'
import {route} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'
import {escapeHtml, type Mailbox, type MailMessage} from './mailbox.ts'
import {sendThroughMailbox} from './mailboxSend.ts'
import {serverLog} from '@quantedge/server-kit/log'

type Handler = RouteHandler<IncomingMessage, ServerResponse>

const summary = ({ID, Created, From, To, ReplyTo, Subject, Text}: MailMessage) => ({
  ID,
  Created,
  From: {Address: From.Address, Name: From.Name},
  To,
  ReplyTo,
  Subject,
  Snippet: Text.slice(0, 200),
})

const mailboxRoutes = (mailbox: Mailbox) => [
  route<Handler>('GET', '/', ({res}) => {
    send(res, 200, mailboxPage(mailbox.messages()), {'Content-Type': 'text/html; charset=utf-8'})
  }),
  route<Handler>('GET', '/api/v1/messages', ({res}) => {
    const messages = mailbox.messages().map(summary)
    send(res, 200, {total: messages.length, messages_count: messages.length, messages})
  }),
  route<Handler>('GET', '/api/v1/message/:id', ({res, params: {id}}) => {
    const message = mailbox.messages().find((candidate) => candidate.ID === id)
    if (!message) return send(res, 404, {message: `No message with ID ${id}`})
    send(res, 200, {
      ...summary(message),
      Text: message.Text,
      HTML: message.HTML,
      Link: message.Link,
    })
  }),
  route<Handler>('POST', '/api/v1/send', ({req, res}) => sendThroughMailbox(mailbox, req, res)),
]

const WORDS: ServerWords = {
  notFound: () => new HttpError(404, {message: 'Not found'}),
  methodNotAllowed: (method) => new HttpError(405, {message: `${method} is not allowed`}),
  internalError: (error) => {
    serverLog('supabase').error({err: error}, 'the dev mailbox failed to answer')
    return new HttpError(500, {message: 'Internal error in the dev mailbox'})
  },
}

export type MailboxServer = {url: string; close: () => Promise<void>}

export async function startMailboxServer(
  mailbox: Mailbox,
  port: number,
  host = '127.0.0.1',
): Promise<MailboxServer> {
  const server: Server = createServer(answerRoutes(mailboxRoutes(mailbox), WORDS))
  return {url: `http://${host}:${await listen(server, port, host)}`, close: () => stop(server)}
}

function mailboxPage(messages: readonly MailMessage[]) {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(new Date(message.Created).toLocaleString('en-IN'))}</td>` +
        `<td>${escapeHtml(message.To.map(({Address}) => Address).join(', '))}</td>` +
        `<td><details><summary>${escapeHtml(message.Subject)}</summary><pre>${escapeHtml(message.Text)}</pre></details></td>` +
        `<td>${message.Link ? `<a href="${escapeHtml(message.Link)}">Open link</a>` : ''}</td></tr>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font:15px system-ui;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev mailbox</h1><p>E-mail the local Supabase stand-in would have sent, and e-mail sent to it (staff's lead notifications). Newest first.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Link</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`
}
