import {landingPagePaths} from '@quantedge/schemas/landingPages'
import {sitemapPaths} from '@quantedge/schemas/pages'
import type {Route} from './+types/sitemap'
import {contentFor, required} from '../content/load.server.ts'
import {LANDING_PAGE_ROUTES_QUERY, SITE_SETTINGS_QUERY} from '@quantedge/content-access/queries'
import {clean} from '../content/clean.ts'

/**
 * sitemap.xml: the page list's public pages and the published landing pages (by the one rule that decides which
 * are served), prerendered with the site's public address from the CMS.
 */
export async function loader({context}: Route.LoaderArgs) {
  const content = contentFor(context)
  const [settings, routes] = await Promise.all([
    content.fetch(SITE_SETTINGS_QUERY),
    content.fetch(LANDING_PAGE_ROUTES_QUERY),
  ])
  const siteUrl = clean(required(settings, 'site settings document').siteUrl)
  const landing = [...landingPagePaths(routes).paths.keys()].sort()
  const urls = [...sitemapPaths, ...landing]
    .map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {headers: {'Content-Type': 'application/xml; charset=utf-8'}})
}
