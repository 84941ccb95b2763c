// The servers' log lines: one entry is one line in either format, whatever a client's value holds, with its level,
// time, server and (while a request is answered) the request's id.
import {Writable} from 'node:stream'
import {expect, it} from 'vitest'
import {clientText, createLog, type LogFormat} from './log.ts'
import {inRequest} from './requestContext.ts'

/** A value that would forge a line of its own: newlines, a terminal's escape codes, NEL, the line separator. */
const FORGERY =
  'https://site/x\n[publish] render #999 FORGED\r\u001b[2K\u0085\u2028\u202e\u0000done'

function logInto(format: LogFormat) {
  const written: string[] = []
  const destination = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      written.push(chunk.toString('utf8'))
      done()
    },
  })
  const log = createLog({level: 'info', format}, destination)
  return {log: log.child({server: 'site'}), text: () => written.join('')}
}

it('escapes every character that could end or rewrite a line, and bounds the value', () => {
  expect(clientText(FORGERY)).toBe(
    'https://site/x\\u000a[publish] render #999 FORGED\\u000d\\u001b[2K\\u0085\\u2028\\u202e\\u0000done',
  )
  expect(clientText('é'.repeat(500), 10)).toBe(`${'é'.repeat(10)}…`)
  expect(clientText('\n'.repeat(100), 12)).toBe('\\u000a\\u000a…')
})

it('writes one JSON object a line with level, time, server and request id; a client’s value is a field', () => {
  const {log, text} = logInto('json')
  inRequest({requestId: 'request-1', route: undefined}, () =>
    log.warn({document: clientText(FORGERY)}, 'CSP violation reported'),
  )
  log.info('outside any request')
  log.info({other: 'field'}, 'a third entry')
  const lines = text().split('\n')
  expect(lines.pop()).toBe('')
  expect(lines, text()).toHaveLength(3)
  const [first, second, third] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(first).toMatchObject({
    level: 'warn',
    server: 'site',
    requestId: 'request-1',
    msg: 'CSP violation reported',
    document: clientText(FORGERY),
  })
  expect(new Date(String(first!.time)).toISOString()).toBe(first!.time)
  expect(second).toMatchObject({level: 'info', server: 'site', msg: 'outside any request'})
  expect(second).not.toHaveProperty('requestId')
  // An entry's fields are its own: none of them appear in the next entry.
  expect(third).toMatchObject({other: 'field'})
  expect(third).not.toHaveProperty('document')
  expect(second).not.toHaveProperty('document')
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  expect(text()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/)
})

it('writes one readable line an entry for a person, never letting a value start one', () => {
  const {log, text} = logInto('pretty')
  log.warn({document: clientText(FORGERY)}, 'CSP violation reported')
  // Our own message is escaped too, should one ever hold what a client sent.
  log.info(`a message with ${FORGERY}`)
  log.error({err: new Error(`the function threw at ${FORGERY}`)}, 'a function failed')
  const lines = text().split('\n')
  expect(lines.pop()).toBe('')
  expect(lines, text()).toHaveLength(3)
  expect(lines[0]).toMatch(
    /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: site: CSP violation reported \{"document":/,
  )
  expect(lines[1]).toMatch(
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: site: a message with https:\/\/site\/x\\u000a/,
  )
  expect(lines[2]).toMatch(
    /^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: site: a function failed \{"err":\{"type":"Error"/,
  )
  for (const line of lines) expect(line).not.toMatch(/^\[publish\]/)
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  expect(text()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/)
})
