// A refused change reads as a sentence for staff, never as the database's wording.
import {expect, it} from 'vitest'
import {leadRefusal, NO_LONGER_STAFF} from './leadRefusal.ts'

it.each([
  [{code: '42501', message: 'permission denied for table free_estimate_requests'}, NO_LONGER_STAFF],
  [
    {code: '23503', message: 'insert or update on table violates foreign key constraint'},
    'That person is no longer staff. Reload the page and choose someone else.',
  ],
  [
    {code: '23514', message: 'violates check constraint "notes_bounded"'},
    'Notes can be at most 10,000 characters.',
  ],
  [
    {message: 'TypeError: Failed to fetch'},
    'Could not reach the server. Check your connection and try again.',
  ],
  [
    {code: 'XX000', message: 'internal error in relation free_estimate_requests'},
    'This change was not saved. Please try again.',
  ],
])('words %j for staff', (failure, words) => {
  const sentence = leadRefusal(failure)
  expect(sentence).toBe(words)
  expect(sentence).not.toMatch(/free_estimate_requests|constraint|permission denied/)
})
