import {expect, it} from 'vitest'
import {locations} from './locations.ts'

type Resolver = {
  resolve?: (doc: Record<string, string> | null) => {locations?: {href: string}[]} | null
  locations?: {href: string}[]
}
const hrefs = (type: string, doc: Record<string, string> | null = null) => {
  const resolver = locations[type] as Resolver
  return (resolver.locations ?? resolver.resolve?.(doc)?.locations ?? []).map(({href}) => href)
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
