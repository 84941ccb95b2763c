// Effects are mendoza patches: applied to the document before, they give the document after, and back.
import {applyPatch} from 'mendoza'
import {describe, expect, it} from 'vitest'
import type {StoredDocument} from '../documents/documents.ts'
import {documentEffects} from './effects.ts'

const straddle: StoredDocument = {
  _id: 'drafts.straddle',
  _type: 'indicator',
  _rev: 'r1',
  _createdAt: '2026-11-22T10:00:00Z',
  _updatedAt: '2026-11-22T10:00:00Z',
  name: 'Straddle',
  price: 500,
  demoVideo: {caption: 'Straddle demo', url: '/demos/straddle.mp4'},
}
const content = ({_rev, ...rest}: StoredDocument) => rest

describe('documentEffects', () => {
  it.each([
    ['a changed field', {...straddle, _rev: 'r2', price: 750}],
    [
      'a changed nested field',
      {...straddle, _rev: 'r2', demoVideo: {caption: 'New caption', url: '/demos/straddle.mp4'}},
    ],
    ['a new field', {...straddle, _rev: 'r2', order: 3}],
    ['a removed field', (({price: _price, ...rest}) => ({...rest, _rev: 'r2'}))(straddle)],
  ])('rebuilds %s both ways, without the revision', (_, after) => {
    const {apply, revert} = documentEffects(straddle, after)
    expect(applyPatch(content(straddle), apply)).toEqual(content(after))
    expect(applyPatch(content(after), revert)).toEqual(content(straddle))
    expect(JSON.stringify([apply, revert])).not.toContain('"r1"')
  })

  it('sets only what changed, by key; a removed field or a whole document is given whole', () => {
    expect(documentEffects(straddle, {...straddle, _rev: 'r2', price: 750}).apply).toEqual([
      17,
      750,
      'price',
    ])
    expect(documentEffects(straddle, {...straddle, _rev: 'r2'}).apply).toEqual([])
    const {price: _price, ...withoutPrice} = straddle
    expect(documentEffects(straddle, withoutPrice).apply).toEqual([0, content(withoutPrice)])
    expect(documentEffects(null, straddle)).toEqual({
      apply: [0, content(straddle)],
      revert: [0, null],
    })
    expect(documentEffects(straddle, null)).toEqual({
      apply: [0, null],
      revert: [0, content(straddle)],
    })
  })
})
