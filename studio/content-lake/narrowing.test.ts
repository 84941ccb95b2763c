// Which filters the index narrows: those whose every accepted document it can name; any other reads the whole
// dataset (datasetQuery.test.ts checks that narrowing never changes an answer).
import {parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {DatasetCopy} from './datasetCopy.ts'
import {narrowQuery, readsWholeDataset} from './narrowing.ts'
import {perspectiveView} from './perspective.ts'

const stored = (id: string, type: string, fields: Record<string, unknown> = {}) => ({
  _id: id,
  _type: type,
  _rev: 'r',
  _createdAt: '',
  _updatedAt: '',
  ...fields,
})

const copy = new DatasetCopy([
  stored('a', 'plan'),
  stored('b', 'author'),
  stored('drafts.a', 'plan', {author: {_ref: 'b'}}),
])

const narrowed = (query: string, params: Record<string, unknown> = {}) =>
  narrowQuery(
    parse(query, {params}),
    {copy, view: perspectiveView(copy, ['drafts'], true)},
    (docs) => docs,
  )

describe('narrowing', () => {
  it.each([
    ['*[_id == "a"]'],
    ['*[_id in $ids]', {ids: ['a', 'b']}],
    ['*[_type == "plan" && price > 3]'],
    ['*[_type == "plan" || _id == "b"]'],
    ['*[references("b")]'],
    ['*[_type == "author"]{"plans": *[_type == "plan" && references(^._id)]}'],
  ])('reads only what the index names for %s', (query, params?: Record<string, unknown>) => {
    expect(readsWholeDataset(narrowed(query, params))).toBe(false)
  })

  it.each([
    ['*[price > 3]'],
    ['*[_type == "plan" || price > 3]'],
    ['*[!(_id == "a")]'],
    ['*[_id == $id]', {id: 3}],
    ['*[_id in path("drafts.**")]'],
    ['*[_id match "a*"]'],
    ['count(*)'],
  ])('reads the whole dataset for %s', (query, params?: Record<string, unknown>) => {
    expect(readsWholeDataset(narrowed(query, params))).toBe(true)
  })

  it('gives a narrowed filter the documents as the perspective shows them', () => {
    const tree = narrowed('*[references("b")]')
    expect(tree).toMatchObject({
      base: {type: 'Value', value: [{_id: 'a', _originalId: 'drafts.a'}]},
    })
  })
})
