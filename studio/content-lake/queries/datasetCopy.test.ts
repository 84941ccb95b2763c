// The copy's index of references names exactly the documents that reference an id now, as groq-js's
// `references()` finds them, whether it was made before the changes (and kept current) or after them.
import {describe, expect, it} from 'vitest'
import {DatasetCopy, type DocumentChangeList} from './datasetCopy.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {storedDocument as doc} from '../testing/testDocuments.ts'

const DOCUMENTS = [
  doc('a', {author: {_ref: 'x'}}),
  doc('b', {related: [{_ref: 'x'}, {_ref: 'y', nested: {_ref: 'z'}}]}),
  doc('c', {body: {section: {link: {_ref: 'y'}}}}),
  doc('d', {_ref: 'x'}),
  doc('e', {notReference: {_ref: 3}}),
]

const CHANGES: DocumentChangeList = [
  ['a', doc('a', {author: {_ref: 'y'}})],
  ['b', null],
  ['f', doc('f', {list: [[{_ref: 'x'}]]})],
]

/** Who references `id` among `documents`, walked as groq-js walks them. */
function referencing(documents: Iterable<StoredDocument>, id: string): string[] {
  const holds = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(holds)
    if (typeof value !== 'object' || value === null) return false
    const ref = (value as {_ref?: unknown})._ref
    if (ref) return ref === id
    return Object.values(value).some(holds)
  }
  return [...documents].filter(holds).map(({_id}) => _id)
}

describe('the index of references', () => {
  it.each([
    ['made before the changes', true],
    ['made after them', false],
  ])('names exactly who references an id, %s', (_, madeBefore) => {
    const copy = new DatasetCopy(DOCUMENTS)
    if (madeBefore) expect([...copy.referencing('x')]).toEqual(['a', 'b', 'd'])
    copy.apply(CHANGES)
    const now = new Map(DOCUMENTS.map((each) => [each._id, each]))
    for (const [id, changed] of CHANGES) {
      if (changed) now.set(id, changed)
      else now.delete(id)
    }
    for (const id of ['x', 'y', 'z', '3']) {
      expect([...copy.referencing(id)].sort(), id).toEqual(referencing(now.values(), id).sort())
    }
  })
})
