// Which addresses a landing page may take, and which page each address shows when documents written through the
// API repeat or break the rule the Studio enforces.
import {describe, expect, it} from 'vitest'
import {landingPagePaths, landingSlugProblem, RESERVED_SEGMENTS} from './landingPages.ts'
import {pages} from './pages.ts'

describe('a landing page slug', () => {
  it('takes lowercase words joined by single hyphens', () => {
    for (const slug of ['diwali-offer', 'budget-2027', 'x', 'a1-b2-c3']) {
      expect(landingSlugProblem(slug), slug).toBeUndefined()
    }
  })

  it('is refused when it is not one, with what a slug is', () => {
    for (const slug of [
      'Diwali',
      'diwali offer',
      'diwali--offer',
      '-diwali',
      'diwali-',
      'a/b',
      'ā',
    ]) {
      expect(landingSlugProblem(slug), slug).toMatch(/lowercase letters and digits/)
    }
    expect(landingSlugProblem('')).toMatch(/needs a slug/)
    expect(landingSlugProblem('a'.repeat(65))).toMatch(/at most 64/)
  })

  it('is refused when a fixed page has it, or the site keeps it, naming the address', () => {
    const fixed = pages.flatMap(({path}) =>
      (/^\/[a-z0-9.-]+/.exec(path) ?? []).map((p) => p.slice(1)),
    )
    expect(fixed).toEqual(expect.arrayContaining(['tradingview', 'contactus', 'staff', 'account']))
    for (const slug of fixed)
      expect(landingSlugProblem(slug), slug).toBe(`/${slug} is one of the site's own pages.`)
    for (const slug of ['assets', 'api', 'healthz', 'metrics', '404'])
      expect(landingSlugProblem(slug), slug).toBe(`/${slug} is kept by the site for itself.`)
    expect(RESERVED_SEGMENTS).toContain('assets')
  })
})

describe('the landing pages an address shows', () => {
  const route = (id: string, slug: string | null, createdAt = '2026-11-01T00:00:00Z') => ({
    _id: id,
    _createdAt: createdAt,
    slug,
  })

  it('serves each valid slug at /<slug>, the oldest page keeping a repeated one', () => {
    const {paths, skipped} = landingPagePaths([
      route('newer', 'diwali-offer', '2026-11-03T00:00:00Z'),
      route('older', 'diwali-offer', '2026-11-02T00:00:00Z'),
      route('budget', 'budget-day'),
    ])
    expect([...paths]).toEqual([
      ['/budget-day', 'budget'],
      ['/diwali-offer', 'older'],
    ])
    expect(skipped).toEqual([
      {
        id: 'newer',
        slug: 'diwali-offer',
        why: '/diwali-offer is taken by the older landing page older.',
      },
    ])
  })

  it('never serves one at a fixed page or a kept address, nor one without a slug, and says why', () => {
    const {paths, skipped} = landingPagePaths([
      route('clash', 'contactus'),
      route('kept', 'staff'),
      route('none', null),
    ])
    expect(paths.size).toBe(0)
    expect(skipped.map(({id, why}) => [id, why])).toEqual([
      ['clash', "/contactus is one of the site's own pages."],
      ['kept', "/staff is one of the site's own pages."],
      ['none', 'A landing page needs a slug: its address is /<slug>.'],
    ])
  })
})
