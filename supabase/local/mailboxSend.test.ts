// The dev mailbox's Mailpit send API, with Resend's Idempotency-Key rules: a retried send with the same key
// and body answers the first message's ID and delivers nothing more; another body under the key is refused;
// the mailbox keeps what it accepted across a restart, keys included.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Mailbox} from './mailbox.ts'
import {startMailboxServer, type MailboxServer} from './mailboxServer.ts'

let dataDir: string
let server: MailboxServer
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mailbox-'))
  server = await startMailboxServer(new Mailbox(dataDir), 0)
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, {recursive: true, force: true})
})

const mail = (subject: string) => ({
  From: {Email: 'leads@example.com', Name: 'QuantEdge leads'},
  To: [{Email: 'sales@example.com', Name: ''}],
  ReplyTo: [{Email: 'asha@example.com'}],
  Subject: subject,
  Text: 'A visitor asked for a free estimate.',
  HTML: '<p>A visitor asked for a free estimate.</p>',
})

const sendMail = (body: unknown, headers: Record<string, string> = {}, url = server.url) =>
  fetch(`${url}/api/v1/send`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', ...headers},
    body: JSON.stringify(body),
  })

const subjects = async (url = server.url) =>
  (
    (await (await fetch(`${url}/api/v1/messages`)).json()) as {messages: {Subject: string}[]}
  ).messages.map(({Subject}) => Subject)

it('delivers a message and answers its ID, readable through the JSON API', async () => {
  const response = await sendMail(mail('plain send'))
  expect(response.status).toBe(200)
  const {ID} = (await response.json()) as {ID: string}
  const message = await (await fetch(`${server.url}/api/v1/message/${ID}`)).json()
  expect(message).toMatchObject({
    ID,
    From: {Address: 'leads@example.com', Name: 'QuantEdge leads'},
    To: [{Address: 'sales@example.com', Name: ''}],
    ReplyTo: [{Address: 'asha@example.com', Name: ''}],
    Subject: 'plain send',
    Text: 'A visitor asked for a free estimate.',
    HTML: '<p>A visitor asked for a free estimate.</p>',
  })
})

describe('Idempotency-Key', () => {
  it('answers a retry with the same key and body with the first ID, and delivers it once', async () => {
    const first = (await (
      await sendMail(mail('retried'), {'Idempotency-Key': 'lead-1'})
    ).json()) as {
      ID: string
    }
    const retry = await sendMail(mail('retried'), {'Idempotency-Key': 'lead-1'})
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual(first)
    expect((await subjects()).filter((subject) => subject === 'retried')).toHaveLength(1)
  })

  it('refuses the key with another body, delivering nothing', async () => {
    await sendMail(mail('first body'), {'Idempotency-Key': 'lead-2'})
    const changed = await sendMail(mail('second body'), {'Idempotency-Key': 'lead-2'})
    expect(changed.status).toBe(409)
    expect(await changed.json()).toEqual({Error: expect.stringMatching(/idempotency key/)})
    expect(await subjects()).not.toContain('second body')
  })

  it.each([
    ['empty', ''],
    ['over 256 characters', 'k'.repeat(257)],
  ])('refuses a key that is %s', async (_, key) => {
    const response = await sendMail(mail(`key ${key.length}`), {'Idempotency-Key': key})
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      Error: 'Idempotency keys, if present, must have between 1 and 256 characters.',
    })
  })

  it('remembers keys across a restart of the mailbox', async () => {
    const {ID} = (await (await sendMail(mail('kept'), {'Idempotency-Key': 'lead-3'})).json()) as {
      ID: string
    }
    const restarted = await startMailboxServer(new Mailbox(dataDir), 0)
    try {
      const retry = await sendMail(mail('kept'), {'Idempotency-Key': 'lead-3'}, restarted.url)
      expect(await retry.json()).toEqual({ID})
      expect((await subjects(restarted.url)).filter((subject) => subject === 'kept')).toHaveLength(
        1,
      )
    } finally {
      await restarted.close()
    }
  })
})

it.each([
  ['no sender', {...mail('x'), From: undefined}, /From must be an object/],
  [
    'a recipient that is no address',
    {...mail('x'), To: [{Email: 'sales'}]},
    /invalid To address: sales/,
  ],
  ['no recipient', {...mail('x'), To: []}, /at least one recipient/],
  [
    'a header Mailpit reserves',
    {...mail('x'), Headers: {Subject: 'y'}},
    /cannot overwrite header: "Subject"/,
  ],
  [
    'a field this mailbox does not read',
    {...mail('x'), Bcc: ['a@example.com']},
    /does not read Bcc/,
  ],
  ['a body that is not an object', ['x'], /must be a JSON object/],
])('refuses %s with 400 {Error}', async (_, body, error) => {
  const response = await sendMail(body)
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({Error: expect.stringMatching(error)})
})

// Mailpit refuses an API request whose Origin is not its own or one given with --api-cors (403 "Blocked due to
// CORS violation", server/cors.go and server/server.go), and its send API consumes application/json
// (server/apiv1/send.go). A web page's CORS "simple request" (text/plain, any origin, no preflight) must not drop
// a message into the mailbox.
describe('who may send', () => {
  /** An origin under the mailbox's own port, known once it listens. */
  const onOwnPort = (origin: string) => () => `${origin}:${new URL(server.url).port}`
  const post = (headers: Record<string, string>, body: BodyInit = JSON.stringify(mail('x'))) =>
    fetch(`${server.url}/api/v1/send`, {method: 'POST', headers, body})

  it.each([
    ['a foreign page’s simple request', () => 'https://evil.example', 'text/plain'],
    ['a foreign page’s JSON', () => 'https://evil.example', 'application/json'],
    ['another port of this machine', () => 'http://127.0.0.1:1', 'application/json'],
    ['a page rebound to this address by DNS', onOwnPort('http://evil.example'), 'application/json'],
    ['an opaque origin', () => 'null', 'application/json'],
  ])('refuses %s with 403, delivering nothing', async (_, originOf, type) => {
    const origin = originOf()
    const subject = `from ${origin} as ${type}`
    const response = await post(
      {'Origin': origin, 'Content-Type': type},
      JSON.stringify(mail(subject)),
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      Error: `Blocked due to CORS violation: ${origin} may not send through this mailbox`,
    })
    expect(await subjects()).not.toContain(subject)
  })

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['no type', undefined],
  ])('refuses a body sent as %s with 415, delivering nothing', async (_, type) => {
    const subject = `sent as ${type}`
    const body = new TextEncoder().encode(JSON.stringify(mail(subject)))
    const response = await post(type ? {'Content-Type': type} : {}, body)
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({
      Error: 'The send API takes a JSON body: send it with Content-Type: application/json',
    })
    expect(await subjects()).not.toContain(subject)
  })

  it.each([
    ['no Origin (a server, as notify-staff)', undefined],
    ['its own origin', onOwnPort('http://127.0.0.1')],
    ['its own port under localhost', onOwnPort('http://localhost')],
  ])('takes JSON from %s', async (label, originOf) => {
    const response = await post(
      {
        ...(originOf ? {Origin: originOf()} : {}),
        'Content-Type': 'application/json; charset=utf-8',
      },
      JSON.stringify(mail(`taken from ${label}`)),
    )
    expect(response.status).toBe(200)
    expect(await subjects()).toContain(`taken from ${label}`)
  })
})
