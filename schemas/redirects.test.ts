// Which redirects the site serves: the paths they may start at and lead to, repeats, a landing page at the same
// path, and loops.
import {describe, expect, it} from 'vitest'
import {
  encodedTarget,
  liveRedirects,
  redirectFromProblem,
  redirectLoops,
  redirectToProblem,
  type RedirectDocument,
} from './redirects.ts'

const redirect = (
  id: string,
  from: string | null,
  to: string | null,
  {
    permanent = true,
    createdAt = '2026-11-01T00:00:00Z',
  }: {permanent?: boolean; createdAt?: string} = {},
): RedirectDocument => ({_id: id, _createdAt: createdAt, from, to, permanent})

describe('where a redirect may start and lead', () => {
  it('starts at a path the site has no page at', () => {
    expect(redirectFromProblem('/diwali-offer')).toBeUndefined()
    expect(redirectFromProblem('/campaigns/2026/diwali')).toBeUndefined()
    expect(redirectFromProblem('/tradingview')).toMatch(/one of the site's own pages/)
    expect(redirectFromProblem('/account/old')).toMatch(/one of the site's own pages/)
    expect(redirectFromProblem('/assets/app.js')).toMatch(/kept by the site/)
    for (const from of ['/', 'diwali', '/diwali/', '/a?b=1', '/a#b', '/a b', ''])
      expect(redirectFromProblem(from), from).toBeDefined()
  })

  it('leads to a path of the site or an https address', () => {
    for (const to of ['/tradingview', '/tradingview?utm_source=x#top', 'https://t.me/quantedge'])
      expect(redirectToProblem(to), to).toBeUndefined()
    for (const to of [
      'http://example.com',
      '//evil.example',
      'javascript:alert(1)',
      'tradingview',
      '/a b',
      '',
    ])
      expect(redirectToProblem(to), to).toBeDefined()
  })

  it('is sent percent-encoded, as a Location header carries it', () => {
    expect(encodedTarget('/offer?name=दिवाली')).toBe(
      '/offer?name=%E0%A4%A6%E0%A4%BF%E0%A4%B5%E0%A4%BE%E0%A4%B2%E0%A5%80',
    )
    expect(encodedTarget('https://example.com/ä')).toBe('https://example.com/%C3%A4')
  })
})

describe('loops', () => {
  it('finds every redirect of a circle, not the ones leading into it', () => {
    const loops = redirectLoops([
      {from: '/a', to: '/b'},
      {from: '/b', to: '/a?utm=x'},
      {from: '/c', to: '/a'},
      {from: '/d', to: '/d'},
      {from: '/e', to: 'https://example.com/e'},
    ])
    expect([...loops].sort()).toEqual(['/a', '/b', '/d'])
  })
})

describe('the redirects served', () => {
  it('keeps the oldest of a repeated path, and answers 301 or 302', () => {
    const {rules, skipped} = liveRedirects(
      [
        redirect('later', '/old', '/python', {createdAt: '2026-11-02T00:00:00Z'}),
        redirect('first', '/old', '/tradingview', {permanent: false}),
        redirect('offer', '/offer', 'https://example.com/x'),
      ],
      new Set(),
    )
    expect(rules).toEqual([
      {from: '/old', to: '/tradingview', status: 302},
      {from: '/offer', to: 'https://example.com/x', status: 301},
    ])
    expect(skipped).toEqual([
      {id: 'later', from: '/old', why: '/old already redirects (redirect first).'},
    ])
  })

  it('leaves out a loop, one at a landing page, one from a fixed page and one to itself, saying why', () => {
    const {rules, skipped} = liveRedirects(
      [
        redirect('a', '/a', '/b'),
        redirect('b', '/b', '/a'),
        redirect('page', '/diwali-offer', '/python'),
        redirect('fixed', '/contactus', '/python'),
        redirect('self', '/self', '/self?x=1'),
        redirect('fine', '/c', '/a'),
      ],
      new Set(['/diwali-offer']),
    )
    expect(rules).toEqual([{from: '/c', to: '/a', status: 301}])
    expect(Object.fromEntries(skipped.map(({id, why}) => [id, why]))).toEqual({
      fixed: "/contactus is (or is under) one of the site's own pages.",
      page: 'a landing page is published at /diwali-offer; delete it for the redirect to apply.',
      self: '/self would redirect to itself.',
      a: '/a is part of a redirect loop.',
      b: '/b is part of a redirect loop.',
    })
  })
})
