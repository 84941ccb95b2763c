// Which filters the index narrows: those whose every accepted document it can name; any other reads the whole
// dataset (datasetQuery.test.ts checks that narrowing never changes an answer). The filters it decides alone must
// accept exactly the documents groq-js accepts, whatever a document holds in `_id` and `_type`.
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {DatasetCopy} from './datasetCopy.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {exactTest, narrowQuery, readsWholeDataset} from './narrowing.ts'
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

/** Documents whose `_id` and `_type` are anything a stored document may hold, or not hold at all. */
const ODD_DOCUMENTS = [
  {_id: 'a', _type: 'plan'},
  {_id: 'b', _type: 'author'},
  {_id: 'c', _type: 3},
  {_id: 'd', _type: null},
  {_id: 'e'},
  {_id: 'f', _type: ['plan']},
  {_id: 'g', _type: 'Plan'},
  {_id: 'h', _type: 'plan '},
  {_id: 'drafts.a', _type: 'plan'},
  {_id: 3, _type: 'plan'},
  Object.assign(Object.create({_type: 'plan'}) as object, {_id: 'inherited'}),
] as unknown as StoredDocument[]

const filterOf = (query: string, params: Record<string, unknown>) => {
  const tree = parse(query, {params})
  if (tree.type !== 'Filter') throw new Error(`${query} is not a filter`)
  return tree.expr
}

async function groqAccepts(query: string, params: Record<string, unknown>) {
  const value = await evaluate(parse(query, {params}), {dataset: ODD_DOCUMENTS, params})
  return (await value.get()) as unknown[]
}

describe('filters the index decides alone', () => {
  it.each([
    ['*[_type == "plan"]'],
    ['*["plan" == _type]'],
    ['*[_type == $type]', {type: 'plan'}],
    ['*[_type in ["plan", "author"]]'],
    ['*[_type in $types]', {types: ['author', 'Plan', 'nothing']}],
    ['*[_type in []]'],
    ['*[_id == "drafts.a"]'],
    ['*[_id in ["a", "e", "inherited"]]'],
    ['*[_type == "plan" && _id in ["a", "c", "drafts.a"]]'],
    ['*[_type == "author" || _id == "e"]'],
    ['*[(_type == "plan" || _type == "author") && (_id == "a" || _id == "b")]'],
    ['*[((_type == "plan"))]'],
  ])('accepts what groq-js accepts for %s', async (query, params: Record<string, unknown> = {}) => {
    const test = exactTest(filterOf(query, params))
    expect(test).toBeDefined()
    expect(ODD_DOCUMENTS.filter((doc) => test?.(doc))).toEqual(await groqAccepts(query, params))
  })

  it.each([
    ['*[_type == 3]'],
    ['*[_type == null]'],
    ['*[_type == $type]', {type: ['plan']}],
    ['*[_type in $types]', {types: ['plan', 3]}],
    ['*[_type == "plan" && price > 3]'],
    ['*[_type == "plan" || price > 3]'],
    ['*[!(_type == "plan")]'],
    ['*[_type != "plan"]'],
    ['*[references("a")]'],
    ['*[_type == _id]'],
    ['*[@._type == "plan"]'],
    ['*[author._type == "plan"]'],
    ['*[_type in path("plan.**")]'],
    ['*[_type match "plan"]'],
  ])('leaves %s to groq-js', (query, params: Record<string, unknown> = {}) => {
    expect(exactTest(filterOf(query, params))).toBeUndefined()
  })

  it('puts the documents an exact filter accepts in its place, and leaves other filters to groq-js', () => {
    expect(narrowed('*[_type == "plan"]')).toMatchObject({
      type: 'Value',
      value: [{_id: 'a', _originalId: 'drafts.a'}],
    })
    expect(narrowed('*[_type == "author"][0]')).toMatchObject({
      base: {type: 'Value', value: [{_id: 'b'}]},
    })
    expect(narrowed('*[_type == "plan" && price > 3]')).toMatchObject({
      type: 'Filter',
      base: {type: 'Value', value: [{_id: 'a'}]},
    })
  })
})
