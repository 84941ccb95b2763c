// Whole-document search reads every string of a document, but never deeper than Sanity's attribute depth, and
// without recursion: no document can make the search fail for everyone.
import {describe, expect, it} from 'vitest'
import type {StoredDocument} from '../documents/documents.ts'
import {rewriteTextSearch, withSearchableText} from './search.ts'

const stored = (fields: Record<string, unknown>): StoredDocument => ({
  _id: 'doc',
  _type: 'doc',
  _rev: 'r',
  _createdAt: '',
  _updatedAt: '',
  ...fields,
})

describe('whole-document search', () => {
  it('gathers the strings of a document nested 100,000 levels deep down to 20 levels, without overflowing', () => {
    let body: unknown = 'far below'
    for (let level = 0; level < 100_000; level += 1)
      body = {deeper: body, note: `level ${100_000 - level}`}
    const lines = String(
      Object.values(withSearchableText(stored({title: 'Straddle', body}))).at(-1),
    ).split('\n')
    expect(lines).toEqual(expect.arrayContaining(['Straddle', 'level 1', 'level 19']))
    expect(lines).toHaveLength(20)
    expect(lines).not.toContain('level 20')
  })

  it('keeps document order and leaves out system fields', () => {
    const searchable = withSearchableText(
      stored({
        title: 'Straddle',
        tags: ['options', {_key: 'k', label: 'expiry'}],
        _secret: 'hidden',
      }),
    )
    expect(Object.values(searchable).at(-1)).toBe('Straddle\noptions\nexpiry')
    expect(rewriteTextSearch('*[[@, _id] match text::query($q)]').readsWholeDocument).toBe(true)
  })
})
