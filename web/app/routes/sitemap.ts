import {sitemapPaths} from '@quantedge/schemas/pages'
import type {Route} from './+types/sitemap'
import {contentFor, required} from '../content/load.server.ts'
import {SITE_SETTINGS_QUERY} from '@quantedge/content-access/queries'
import {clean} from '../content/clean.ts'

/** sitemap.xml: the page list's public pages, prerendered with the site's public address from the CMS. */
export async function loader({context}: Route.LoaderArgs) {
  const siteUrl = clean(
    required(await contentFor(context).fetch(SITE_SETTINGS_QUERY), 'site settings document')
      .siteUrl,
  )
  const urls = sitemapPaths
    .map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {headers: {'Content-Type': 'application/xml; charset=utf-8'}})
}
