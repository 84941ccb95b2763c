// Document tags from a query's syntax tree and from a change's ids and types: a narrow name where the filter
// pins a type or an id, and `*` wherever the query may read more.
import {parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {changeDocumentTags, queryDocumentTags} from './documentTags.ts'

const tagsOf = (query: string, params?: Record<string, unknown>) =>
  queryDocumentTags(parse(query, {params}))

describe('the document tags of a query', () => {
  it('names the types or ids a filter requires', () => {
    expect(tagsOf('*[_type == "indicator"]{name, price}')).toEqual(['type:indicator'])
    expect(tagsOf('*[_type in ["plan", "indicator"]]')).toEqual(['type:indicator', 'type:plan'])
    expect(tagsOf('*[_id == "siteSettings"][0]')).toEqual(['id:siteSettings'])
    expect(tagsOf('*[defined(slug) && _type == "legalPage"]')).toEqual(['type:legalPage'])
  })

  it('names the ids when a filter pins both a type and ids, the narrower of the two', () => {
    expect(tagsOf('*[_type == "siteSettings" && _id == "siteSettings"][0]')).toEqual([
      'id:siteSettings',
    ])
    expect(tagsOf('*[_id == $id && _type == "landingPage"][0]', {id: 'lp-1'})).toEqual(['id:lp-1'])
  })

  it('names the ids a parameter holds for `in`, and the dataset when it holds anything but strings', () => {
    expect(tagsOf('*[_id in $ids]{_id, url}', {ids: ['a', 'b']})).toEqual(['id:a', 'id:b'])
    expect(tagsOf('*[_id in $ids]', {ids: ['a', 3]})).toEqual(['*'])
    expect(tagsOf('*[_id in $ids]', {ids: []})).toEqual(['*'])
  })

  it('names the whole dataset for a dereference, a bare document set and a filter it cannot read', () => {
    expect(tagsOf('*[_type == "indicator"]{plan->}')).toEqual(['*', 'type:indicator'])
    expect(tagsOf('*')).toEqual(['*'])
    expect(tagsOf('*[_type == $t]')).toEqual(['*'])
    expect(tagsOf('*[_type == $t]', {t: 'plan'})).toEqual(['type:plan'])
  })
})

describe('the document tags of a change', () => {
  it('names the dataset, a draft by both its ids, and each type', () => {
    expect(changeDocumentTags([{id: 'drafts.siteSettings', types: ['siteSettings']}])).toEqual([
      '*',
      'id:drafts.siteSettings',
      'id:siteSettings',
      'type:siteSettings',
    ])
    expect(
      changeDocumentTags([
        {id: 'versions.r1.pro', types: ['plan', 'indicator']},
        {id: 'x', types: []},
      ]),
    ).toEqual(['*', 'id:pro', 'id:versions.r1.pro', 'id:x', 'type:indicator', 'type:plan'])
  })
})
