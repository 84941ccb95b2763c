// The router, the prerender and the sitemap agree with the page list (@quantedge/schemas/pages), their one source.
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import type {RouteConfigEntry} from '@react-router/dev/routes'
import type {SanityClient} from '@sanity/client'
import {LANDING_PAGE_ROUTES_QUERY} from '@quantedge/content-access/queries'
import {pages, type Page} from '@quantedge/schemas/pages'
import {describe, expect, it} from 'vitest'
import config from '../react-router.config.ts'
import routes from './routes.ts'
import {loader as sitemapLoader} from './routes/sitemap.ts'

const listed: readonly Page[] = pages
const SITE_URL = 'https://quantedge.example'
const pathOf = (route: RouteConfigEntry) =>
  route.index ? '/' : route.path === '*' ? '*' : `/${route.path}`

describe('the router', () => {
  it('has one route per page, at its path, rendered by its module', () => {
    expect(routes.map((route) => [pathOf(route), route.file])).toEqual(
      listed.map(({path, module}) => [path, module]),
    )
  })

  it('tells every route apart by its id, and finds every module', () => {
    const ids = routes.map((route) => route.id ?? route.file.replace(/\.tsx?$/, ''))
    expect(new Set(ids).size).toBe(routes.length)
    for (const {module} of listed)
      expect(existsSync(join(import.meta.dirname, module)), module).toBe(true)
  })

  it('prerenders exactly the pages that are prerendered, the not-found page at /404', () => {
    expect(config.prerender).toEqual(
      listed
        .filter((page) => page.prerender !== false)
        .map(({path}) => (path === '*' ? '/404' : path)),
    )
  })
})

describe('sitemap.xml', () => {
  it('lists the public pages and the landing pages served, and only those', async () => {
    // The loader reads the site settings and the landing pages' addresses through the preview's client slot; this
    // stand-in answers those two queries: a landing page, and one whose slug a fixed page has, which is not served.
    const routes = [
      {_id: 'lp-diwali', _createdAt: '2026-11-01T00:00:00Z', slug: 'diwali-offer'},
      {_id: 'lp-clash', _createdAt: '2026-11-02T00:00:00Z', slug: 'contactus'},
    ]
    const content = {
      fetch: async (query: string) =>
        query === LANDING_PAGE_ROUTES_QUERY ? routes : {siteUrl: SITE_URL},
    } as unknown as SanityClient
    const response = await sitemapLoader({
      context: {content},
      request: new Request(`${SITE_URL}/sitemap.xml`),
      params: {},
    } as Parameters<typeof sitemapLoader>[0])
    const locs = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc)
    expect(locs).toEqual(
      [
        ...listed.filter((page) => page.sitemap !== false).map(({path}) => path),
        '/diwali-offer',
      ].map((path) => new URL(path, SITE_URL).href),
    )
  })
})
