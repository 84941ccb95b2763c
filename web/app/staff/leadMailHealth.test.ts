import {expect, it} from 'vitest'
import type {LeadMailHealth} from '@quantedge/supabase/leadMailHealth'
import {mailTrouble} from './leadMailHealth.ts'

const NOW = Date.parse('2026-12-20T12:00:00Z')
const allWell: LeadMailHealth = {
  pending: 0,
  oldest_pending_at: null,
  retrying: 0,
  retry_reason: null,
  failed: 0,
  failed_since: null,
  failed_reason: null,
  failed_leads: [],
  failed_total: 0,
  sent_total: 0,
}

it('shows nothing while every mail goes, or a new one waits a moment', () => {
  expect(mailTrouble(allWell, NOW)).toEqual({})
  expect(
    mailTrouble({...allWell, pending: 1, oldest_pending_at: '2026-12-20T11:59:58Z'}, NOW),
  ).toEqual({})
})

it('says mails are held back once the mail API refused one for now, or the oldest waits over ten minutes', () => {
  const refused = {
    ...allWell,
    pending: 2,
    oldest_pending_at: '2026-12-20T11:58:00Z',
    retrying: 1,
    retry_reason: 'Resend answered 401: API key is invalid',
  }
  expect(mailTrouble(refused, NOW)).toEqual({
    waiting: {
      count: 2,
      since: '2026-12-20T11:58:00Z',
      reason: 'Resend answered 401: API key is invalid',
    },
  })
  const slow = {...allWell, pending: 1, oldest_pending_at: '2026-12-20T11:49:00Z'}
  expect(mailTrouble(slow, NOW)).toEqual({
    waiting: {count: 1, since: '2026-12-20T11:49:00Z', reason: null},
  })
})

it('says which leads’ mails were refused for good, since when and why', () => {
  const lead = {
    id: 'a',
    name: 'Mallory',
    failed_at: '2026-12-19T08:00:03Z',
    reason: 'invalid Reply-To',
  }
  expect(
    mailTrouble(
      {
        ...allWell,
        failed: 1,
        failed_since: lead.failed_at,
        failed_reason: lead.reason,
        failed_leads: [lead],
      },
      NOW,
    ),
  ).toEqual({failed: {count: 1, since: lead.failed_at, reason: 'invalid Reply-To', leads: [lead]}})
})
