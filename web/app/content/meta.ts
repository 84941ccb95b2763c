// Title, description, canonical URL and Open Graph tags for a page, all from the CMS.
import type {MetaDescriptor} from 'react-router'
import {clean} from './clean.ts'

type PageSeo = {title: string; description: string}
type Site = {siteName: string; siteUrl: string}

export function pageMeta(dirtySeo: PageSeo, dirtySite: Site, pathname: string): MetaDescriptor[] {
  const seo = clean(dirtySeo)
  const site = clean(dirtySite)
  const url = new URL(pathname, site.siteUrl).href
  return [
    {title: seo.title},
    {name: 'description', content: seo.description},
    {tagName: 'link', rel: 'canonical', href: url},
    {property: 'og:type', content: 'website'},
    {property: 'og:site_name', content: site.siteName},
    {property: 'og:title', content: seo.title},
    {property: 'og:description', content: seo.description},
    {property: 'og:url', content: url},
    {property: 'og:locale', content: 'en_IN'},
    {name: 'twitter:card', content: 'summary'},
  ]
}

/** The site settings the root loader read, as route meta functions see them. */
export function siteFromMatches(matches: ReadonlyArray<MatchLike>): Site {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    {settings?: Site} | undefined
  if (!root?.settings) throw new Error('The root loader gave no site settings')
  return root.settings
}

type MatchLike = {id: string; loaderData?: unknown} | undefined

/** The meta function of every page whose loader returns `{page: {seo}}`. */
export const seoMeta = ({
  loaderData,
  matches,
  location,
}: {
  loaderData: {page: {seo: PageSeo}}
  matches: ReadonlyArray<MatchLike>
  location: {pathname: string}
}) => pageMeta(loaderData.page.seo, siteFromMatches(matches), location.pathname)
