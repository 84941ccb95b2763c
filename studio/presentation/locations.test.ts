import {pages, type Page} from '@quantedge/schemas/pages'
import {describe, expect, it} from 'vitest'
import {locations} from './locations.ts'

type Resolver = {
  resolve?: (doc: Record<string, string> | null) => {locations?: {href: string}[]} | null
  locations?: {href: string}[]
}
const hrefs = (type: string, doc: Record<string, string> | null = null) => {
  const resolver = locations[type] as Resolver | undefined
  return (resolver?.locations ?? resolver?.resolve?.(doc)?.locations ?? []).map(({href}) => href)
}

it.each([
  ['indicator', {title: 'Straddle'}, ['/tradingview']],
  ['toolkitModule', null, ['/python']],
  ['automationService', null, ['/tradetron']],
  ['plan', null, ['/#subscribe', '/subscribe']],
  ['legalPage', {title: 'Disclaimer', slug: 'disclaimer'}, ['/disclaimer']],
  ['sitePage', {title: 'About Us', route: 'teampage'}, ['/teampage']],
  ['homePage', null, ['/']],
] as const)('a %s is shown on its pages', (type, doc, expected) => {
  expect(hrefs(type, doc)).toEqual(expected)
})

describe('the locations, from the page list', () => {
  const listed: readonly Page[] = pages
  const name = ({path}: Page) => path.slice(1)

  it.each(listed.map((page) => [page.path, page] as const))(
    'open %s beside the documents it shows',
    (path, page) => {
      if (page.copy === 'homePage') expect(hrefs('homePage')).toContain(path)
      if (page.copy === 'sitePage') expect(hrefs('sitePage', {route: name(page)})).toEqual([path])
      if (page.copy === 'legalPage') expect(hrefs('legalPage', {slug: name(page)})).toEqual([path])
      for (const {type, anchor} of page.lists ?? []) {
        expect(hrefs(type)).toContain(anchor ? `${path}#${anchor}` : path)
      }
    },
  )

  it('show the site settings on every public page', () => {
    expect(hrefs('siteSettings')).toEqual(
      listed.filter((page) => page.sitemap !== false).map(({path}) => path),
    )
  })

  it('open nothing for a document no page shows', () => {
    expect(hrefs('sitePage', {route: 'no-such-page'})).toEqual([])
    expect(hrefs('legalPage', {slug: 'no-such-text'})).toEqual([])
  })
})
