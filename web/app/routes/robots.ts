import type {Route} from './+types/robots'
import {contentFor, required} from '../content/load.server.ts'
import {SITE_SETTINGS_QUERY} from '@quantedge/content-access/queries'
import {clean} from '../content/clean.ts'

/** robots.txt: everything may be crawled; the sitemap's address comes from the CMS. */
export async function loader({context}: Route.LoaderArgs) {
  const siteUrl = clean(
    required(await contentFor(context).fetch(SITE_SETTINGS_QUERY), 'site settings document')
      .siteUrl,
  )
  const text = `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`
  return new Response(text, {headers: {'Content-Type': 'text/plain; charset=utf-8'}})
}
