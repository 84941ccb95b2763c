// The store's documents when a query worker has read the snapshot at the start: each snapshot line is parsed when
// its document is first asked for, or in the background, and the map is always the one the store would have
// parsed itself (readSnapshot), in the same order, whatever was read, written or deleted meanwhile.
import {describe, expect, it} from 'vitest'
import {readSnapshot, readStartSnapshot, sharedBytes, type SnapshotIndex} from './datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {StoredDocuments} from './storedDocuments.ts'
import {storedDocument as doc} from '../testing/testDocuments.ts'

/** A snapshot with non-ASCII text, a blank line and an id written twice (the later line wins, in the first's place). */
const LINES = [
  doc('b', {title: 'Straddle ₹ 500'}),
  doc('a', {body: [{_type: 'block', children: [{text: 'Ünïcode ✓'}]}]}),
  '',
  doc('c'),
  doc('b', {title: 'Straddle, again'}),
  doc('d', {author: {_ref: 'a'}}),
]
const snapshot = sharedBytes([
  Buffer.from(LINES.map((line) => (line === '' ? '' : JSON.stringify(line))).join('\n')),
])

function expected() {
  const documents = new Map<string, StoredDocument>()
  readSnapshot(snapshot, {name: 'snapshot', check: true}, documents)
  return documents
}

function unread() {
  const {reading} = readStartSnapshot(snapshot, 'snapshot')
  if (!('index' in reading)) throw new Error(reading.refused)
  return StoredDocuments.unread(snapshot, reading.index)
}

describe('documents read from a snapshot line only when asked for', () => {
  it('hold what the store would have parsed, in the same order', () => {
    const documents = unread()
    expect(documents.hasUnread).toBe(true)
    expect(documents.size).toBe(4)
    expect([...documents.keys()]).toEqual(['b', 'a', 'c', 'd'])
    expect(documents.get('a')).toEqual(expected().get('a'))
    expect(documents.get('b')).toEqual(doc('b', {title: 'Straddle, again'}))
    expect(documents.get('a')).toBe(documents.get('a'))
    expect(documents.hasUnread).toBe(true)
    expect([...documents]).toEqual([...expected()])
    expect(documents.hasUnread).toBe(false)
  })

  it('take writes and deletes over unread lines, keeping each document’s place', () => {
    const documents = unread()
    documents.set('c', doc('c', {price: 3}))
    documents.delete('a')
    documents.set('e', doc('e'))
    const plain = expected()
    plain.set('c', doc('c', {price: 3}))
    plain.delete('a')
    plain.set('e', doc('e'))
    expect([...documents.values()]).toEqual([...plain.values()])
    expect(documents.has('a')).toBe(false)
    expect(documents.get('a')).toBeUndefined()
  })

  it('count a line replaced before it was read as read', () => {
    const documents = unread()
    for (const id of ['b', 'a', 'c', 'd']) documents.set(id, doc(id))
    expect(documents.hasUnread).toBe(false)
  })

  it('read every line in the background, turn by turn, while the map changes', async () => {
    const documents = unread()
    documents.readInBackground()
    documents.set('a', doc('a', {price: 1}))
    documents.set('f', doc('f'))
    while (documents.hasUnread) await new Promise((resolve) => setImmediate(resolve))
    const plain = expected()
    plain.set('a', doc('a', {price: 1}))
    plain.set('f', doc('f'))
    expect([...documents]).toEqual([...plain])
  })

  it('show every way of reading the whole map the parsed documents', () => {
    const ways: ((documents: StoredDocuments) => unknown)[] = [
      (documents) => [...documents.values()],
      (documents) => [...documents.entries()].map(([, value]) => value),
      (documents) => [...documents].map(([, value]) => value),
      (documents) => {
        const seen: StoredDocument[] = []
        documents.forEach((value) => seen.push(value))
        return seen
      },
    ]
    for (const way of ways) expect(way(unread())).toEqual([...expected().values()])
  })

  it('parse the bytes the index names for each id', () => {
    const index: SnapshotIndex = {ids: ['x'], ranges: Float64Array.from([0, 2])}
    const documents = StoredDocuments.unread(sharedBytes([Buffer.from('{}\n')]), index)
    expect(documents.get('x')).toEqual({})
  })
})
