// What the site's answers say to browsers and to each edge.
import {expect, it} from 'vitest'
import {cacheHeaders, pageTag, SITE_TAG} from './cacheHeaders.ts'
import {EDGE_VENDORS, TAG_HEADERS} from './vendors.ts'

it.each([
  ['/', '/'],
  ['/index.html', '/'],
  ['/_root.data', '/'],
  ['/tradingview', '/tradingview'],
  ['/tradingview/', '/tradingview'],
  ['/tradingview/index.html', '/tradingview'],
  ['/tradingview.data', '/tradingview'],
  ['/account/confirmed.data', '/account/confirmed'],
  ['/sitemap.xml', '/sitemap.xml'],
  ['/sitemap.xml.data', '/sitemap.xml'],
  ['/a%20b,c', '/a%20b%2Cc'],
  ['/a b', '/a%20b'],
])('the page of %s is tagged %s', (pathname, tag) => {
  expect(pageTag(pathname)).toBe(tag)
})

it('a page is revalidated by browsers, kept a day by the edge (stale for a week on error), and tagged', () => {
  const headers = cacheHeaders({kind: 'page', pathname: '/tradingview/'}, 'varnish')
  expect(headers).toEqual({
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'CDN-Cache-Control': 'public, max-age=86400, stale-if-error=604800',
    'xkey': '/tradingview site',
  })
  const fastly = cacheHeaders({kind: 'page', pathname: '/'}, 'fastly')
  expect(fastly['Surrogate-Control']).toBe('max-age=86400, stale-if-error=604800')
  expect(fastly).not.toHaveProperty('CDN-Cache-Control')
})

it.each(EDGE_VENDORS)('%s reads the tags in its own header, with its own separator', (vendor) => {
  const {name, separator} = TAG_HEADERS[vendor]
  const headers = cacheHeaders({kind: 'page', pathname: '/python.data'}, vendor)
  expect(headers[name]).toBe(`/python${separator}${SITE_TAG}`)
  const otherTagHeaders = EDGE_VENDORS.filter((other) => other !== vendor).map(
    (other) => TAG_HEADERS[other].name,
  )
  for (const other of otherTagHeaders) expect(headers).not.toHaveProperty(other)
})

it('sends no tags when no edge is in front', () => {
  expect(Object.keys(cacheHeaders({kind: 'page', pathname: '/'}, undefined)).sort()).toEqual([
    'CDN-Cache-Control',
    'Cache-Control',
  ])
})

it('keeps hashed assets a year, and never lets a shared cache keep private or error answers', () => {
  expect(cacheHeaders({kind: 'asset'}, 'fastly')).toEqual({
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
  expect(cacheHeaders({kind: 'private'}, 'fastly')).toEqual({'Cache-Control': 'private, no-store'})
  expect(cacheHeaders({kind: 'none'}, 'fastly')).toEqual({'Cache-Control': 'no-store'})
})
