// The query workers' index must never change an answer: on a generated dataset (types, drafts, release versions,
// private ids, references in fields, arrays and nested objects), every query gives the same answer narrowed by
// the index as read over the whole dataset, in every perspective, with and without a token, and again after
// changes that move documents between types and references. The whole dataset as a perspective shows it is
// checked against Sanity's perspective rules written out plainly.
import {describe, expect, it} from 'vitest'
import {QueryableDataset, type DatasetReading} from './datasetQuery.ts'
import type {DocumentChangeList} from './datasetCopy.ts'
import {
  isDraftId,
  isPrivateId,
  isVersionId,
  publishedIdOf,
  type StoredDocument,
} from '../documents/documents.ts'
import type {Perspective} from './perspective.ts'

const TYPES = ['plan', 'author', 'indicator', 'page']

/** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
function numbers(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

function generatedDataset(seed: number, size: number): StoredDocument[] {
  const next = numbers(seed)
  const ref = () => ({_ref: `doc-${next(size)}`, _type: 'reference'})
  const documents: StoredDocument[] = []
  for (let index = 0; index < size; index += 1) {
    const base = {
      _type: TYPES[next(TYPES.length)] ?? 'plan',
      _rev: `r${index}`,
      _createdAt: '2026-01-01T00:00:00Z',
      _updatedAt: '2026-01-01T00:00:00Z',
      name: `Name ${next(40)}`,
      price: next(100),
      author: next(3) === 0 ? undefined : ref(),
      related: Array.from({length: next(3)}, (_, key) => ({...ref(), _key: `k${key}`})),
      body: {section: {link: next(4) === 0 ? ref() : null}},
    }
    documents.push({...base, _id: `doc-${index}`})
    const copy = next(10)
    if (copy < 3) documents.push({...base, _id: `drafts.doc-${index}`, name: `Draft ${next(40)}`})
    if (copy === 3) documents.push({...base, _id: `drafts.doc-${index}`, _type: 'page'})
    if (copy === 4) documents.push({...base, _id: `versions.r1.doc-${index}`})
  }
  const extra = {_rev: 'x', _createdAt: '', _updatedAt: '', name: 'Odd'}
  documents.push({...extra, _id: 'secret.preview', _type: 'sanity.previewUrlSecret'})
  documents.push({...extra, _id: 'drafts.only-draft', _type: 'plan', author: ref()})
  documents.push({...extra, _id: 'drafts.versions.r1.doc-2', _type: 'plan'})
  documents.push({...extra, _id: 'drafts.drafts.doc-1', _type: 'plan'})
  documents.push({...extra, _id: 'ref-root', _type: 'plan', _ref: 'doc-3'})
  // What a stored document may hold in `_type` besides a string, which a filter on `_type` must not accept.
  const odd = (fields: {_id: string; _type?: unknown}) =>
    ({...extra, ...fields}) as unknown as StoredDocument
  documents.push(odd({_id: 'typeless'}), odd({_id: 'numeric-type', _type: 3}))
  documents.push(
    odd({_id: 'listed-type', _type: 'plan'}),
    odd({_id: 'drafts.listed-type', _type: ['plan']}),
  )
  // Sorted the other way round, so "the dataset's order" is not also the order of ids.
  return documents.sort((a, b) => (a._id < b._id ? 1 : -1))
}

const QUERIES: [string, Record<string, unknown>?][] = [
  ['*[_id == "doc-5"]'],
  ['*[_id == $id][0]', {id: 'doc-7'}],
  ['*["doc-9" == _id]{_id, name}'],
  ['*[_id in ["doc-1", "doc-2", "drafts.doc-3", "only-draft", "secret.preview"]]'],
  ['*[_id in $ids]{_id, name}', {ids: ['doc-4', 'drafts.doc-4', 'versions.r1.doc-4', 'nothing']}],
  ['*[_id == "drafts.doc-1"]._id'],
  ['*[_id == "versions.r1.doc-2"]._id'],
  ['*[_id == "drafts.doc-1" || _id == "doc-1"]._id'],
  ['*[_type == "plan"]._id'],
  ['*[_type == "plan"] | order(name asc) [0...10]{_id, name}'],
  ['*["plan" == _type][2...5]._id'],
  ['*[_type == "plan"][3]'],
  ['*[_type in ["plan", "author"]]._id'],
  ['*[_type in $types && price > 40]._id', {types: ['indicator', 'page']}],
  ['*[_type == "plan" || _id == "doc-7"]._id'],
  ['*[_type == "plan" || price > 90]._id'],
  ['*[(_type == "author") && (price < 30 || name == "Name 3")]._id'],
  ['*[!(_type == "plan")]._id'],
  ['*[_type == "plan" && !(_id in path("drafts.**"))]._id'],
  ['*[references("doc-3")]._id'],
  ['*[references($ids)]._id', {ids: ['doc-1', 'doc-2']}],
  ['*[references("doc-1", ["doc-2", "doc-3"]) && _type == "page"]._id'],
  ['*[references([])]._id'],
  ['*[_type == "plan" && references("doc-1")]{_id, "author": author->name}'],
  ['*[_type == "author"]{_id, "plans": *[_type == "plan" && references(^._id)]._id}'],
  ['*[_type == "plan"]{name, "author": author->{_id, name}, "related": related[]->_id}'],
  ['*[_id == "doc-1"][0]{..., "authors": count(*[_type == "author"]), "all": count(*)}'],
  ['count(*[_type == "plan"])'],
  ['count(*)'],
  ['*[]._id'],
  ['*[_type == 3]'],
  ['*[_id == null]'],
  ['*[_id in [1, "doc-1"]]._id'],
  ['*[_type == "plan"][0...3]{"next": *[_id == ^.author._ref][0].name}'],
  ['*[_type == "sanity.previewUrlSecret"]._id'],
  ['*[_type in ["plan", "author"] && _id in $ids]._id', {ids: ['doc-1', 'doc-2', 'typeless']}],
  ['*[(_type == "plan" || _type == "page") && (_id == "listed-type" || _id == "doc-6")]'],
  ['*[_type == "plan"]{_id, "authors": count(*[_type == "author"])}[0...3]'],
  ['*[_type == "plan"] | order(_id desc) [0...5]._id'],
  ['*[_type == "plan"][0...10] | order(name asc)._id'],
  ['{"plans": count(*[_type == "plan"]), "first": *[_type == "plan"][0]._id}'],
  ['*[_id in ["typeless", "numeric-type", "listed-type"]]._id'],
  ['*[_type == "plan" || _type == "author"][-1]._id'],
]

const READINGS: DatasetReading[] = (
  ['raw', [], ['drafts'], ['r1'], ['r1', 'drafts']] as Perspective[]
).flatMap((perspective) => [true, false].map((authenticated) => ({perspective, authenticated})))

async function expectSameAnswers(dataset: QueryableDataset) {
  for (const reading of READINGS) {
    for (const [query, params = {}] of QUERIES) {
      const narrowed = await dataset.answer(query, params, reading)
      const whole = await dataset.answer(query, params, reading, {}, false)
      expect(
        narrowed,
        `${query} (${reading.perspective}, token: ${reading.authenticated})`,
      ).toEqual(whole)
    }
  }
}

/** Sanity's perspectives, written out plainly over the dataset's order (the rules perspective.ts applies). */
function plainPerspective(
  documents: StoredDocument[],
  {perspective, authenticated}: DatasetReading,
) {
  const visible = documents.filter((doc) => authenticated || !isPrivateId(doc._id))
  if (perspective === 'raw') return visible
  if (perspective.length === 0)
    return visible.filter((doc) => !isDraftId(doc._id) && !isVersionId(doc._id))
  const overlaid = new Map<string, StoredDocument>()
  for (const doc of visible) {
    if (isDraftId(doc._id)) {
      const id = publishedIdOf(doc._id)
      overlaid.set(id, {...doc, _id: id, _originalId: doc._id})
    } else if (!isVersionId(doc._id) && !overlaid.has(doc._id)) overlaid.set(doc._id, doc)
  }
  return [...overlaid.values()]
}

describe('query narrowing', () => {
  it('gives every query the answer it has over the whole dataset, in every perspective', async () => {
    for (const seed of [1, 2, 3])
      await expectSameAnswers(new QueryableDataset(generatedDataset(seed, 120)))
  })

  it('keeps giving the same answers after changes to types, references and drafts', async () => {
    const documents = generatedDataset(4, 120)
    const dataset = new QueryableDataset(documents)
    const next = numbers(99)
    for (let round = 0; round < 5; round += 1) {
      const changes: DocumentChangeList = Array.from({length: 15}, () => {
        const target = documents[next(documents.length)] as StoredDocument
        if (next(4) === 0) return [target._id, null] as const
        const changed = {
          ...target,
          _type: TYPES[next(TYPES.length)] ?? 'plan',
          author: {_ref: `doc-${next(120)}`},
        }
        return [
          next(3) === 0 ? `drafts.new-${round}-${next(50)}` : target._id,
          {...changed},
        ] as const
      }).map(([id, doc]) => [id, doc && {...doc, _id: id}] as const)
      dataset.apply(changes)
      await expectSameAnswers(dataset)
    }
  })

  it('reads a transaction’s pending changes, then forgets them with the dataset’s order intact', async () => {
    const documents = generatedDataset(5, 60)
    const dataset = new QueryableDataset(documents)
    const raw = {perspective: 'raw', authenticated: true} as const
    const before = await dataset.answer('*[]._id', {}, raw)
    const pending = [
      ['doc-1', null],
      ['brand-new', {...(documents[0] as StoredDocument), _id: 'brand-new', _type: 'plan'}],
    ] as const
    expect(
      (await dataset.answer('*[_id in ["doc-1", "brand-new"]]._id', {}, {...raw, pending})).result,
    ).toEqual(['brand-new'])
    expect(await dataset.answer('*[]._id', {}, raw)).toEqual(before)
  })

  it('finds references in a transaction’s pending changes, whether or not a query asked for references before', async () => {
    const documents = generatedDataset(7, 60)
    const raw = {perspective: 'raw', authenticated: true} as const
    const query = '*[references("doc-1")]._id'
    const pending = [
      ['brand-new', {...(documents[0] as StoredDocument), _id: 'brand-new', link: {_ref: 'doc-1'}}],
      ['doc-2', null],
    ] as const
    for (const askedBefore of [true, false]) {
      const dataset = new QueryableDataset(documents)
      const whole = await dataset.answer(query, {}, raw, {}, false)
      if (askedBefore) expect(await dataset.answer(query, {}, raw)).toEqual(whole)
      expect(await dataset.answer(query, {}, {...raw, pending})).toEqual(
        await dataset.answer(query, {}, {...raw, pending}, {}, false),
      )
      expect((await dataset.answer(query, {}, {...raw, pending})).result).toContain('brand-new')
      expect(await dataset.answer(query, {}, raw)).toEqual(whole)
    }
  })

  it('shows the whole dataset as Sanity’s perspectives do, in the dataset’s order', async () => {
    const documents = generatedDataset(6, 80)
    const dataset = new QueryableDataset(documents)
    const withoutReleases = READINGS.filter(
      ({perspective}) => perspective === 'raw' || perspective.every((layer) => layer === 'drafts'),
    )
    for (const reading of withoutReleases) {
      expect((await dataset.answer('*', {}, reading, {}, false)).result).toEqual(
        plainPerspective(documents, reading),
      )
    }
  })
})
