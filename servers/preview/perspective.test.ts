import {describe, expect, it} from 'vitest'
import {parsePerspective, PerspectiveRefused, releasesOf} from './perspective.ts'

describe('parsePerspective', () => {
  it('takes drafts, published, and a stack as the Presentation tool encodes it or the switcher sends it', () => {
    expect(parsePerspective('drafts')).toBe('drafts')
    expect(parsePerspective('published')).toBe('published')
    expect(parsePerspective('rDiwali,drafts')).toEqual(['rDiwali', 'drafts'])
    expect(parsePerspective(['rBudget', 'rDiwali', 'drafts'])).toEqual([
      'rBudget',
      'rDiwali',
      'drafts',
    ])
    expect(parsePerspective(['drafts'])).toBe('drafts')
  })

  it('refuses raw, empty parts, ids that are not release ids, and what is not a string or list', () => {
    for (const value of ['raw', '', 'rDiwali,,drafts', 'r Diwali', '../x', 42, null, [1], {}])
      expect(() => parsePerspective(value), String(value)).toThrow(PerspectiveRefused)
    expect(() => parsePerspective(Array.from({length: 21}, (_, index) => `r${index}`))).toThrow(
      PerspectiveRefused,
    )
  })
})

describe('releasesOf', () => {
  it('names the releases of a stack, the one on top first, and none for drafts or published', () => {
    expect(releasesOf(['rBudget', 'rDiwali', 'drafts'])).toEqual(['rBudget', 'rDiwali'])
    expect(releasesOf('drafts')).toEqual([])
    expect(releasesOf('published')).toEqual([])
  })
})
