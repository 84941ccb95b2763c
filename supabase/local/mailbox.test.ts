// The mailbox's data file: messages kept before the send API (one recipient as a string, no sender) are read
// as the stand-in's own, so a data folder from an earlier version keeps its mail.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {Mailbox} from './mailbox.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'mailbox-file-'))
afterAll(() => rmSync(dataDir, {recursive: true, force: true}))

it('reads messages stored before the send API', () => {
  const earlier = {
    ID: 'earlier',
    Created: '2026-11-20T10:00:00.000Z',
    To: 'asha@example.com',
    Subject: 'Confirm your signup',
    Text: 'Follow this link',
    HTML: '<p>Follow this link</p>',
    Link: 'http://127.0.0.1:54321/auth/v1/verify?token=t',
  }
  writeFileSync(join(dataDir, 'mailbox.json'), JSON.stringify([earlier]))
  expect(new Mailbox(dataDir).messages()).toEqual([
    {
      ...earlier,
      From: {Address: 'noreply@localhost', Name: 'QuantEdge'},
      To: [{Address: 'asha@example.com', Name: ''}],
      ReplyTo: [],
    },
  ])
})
