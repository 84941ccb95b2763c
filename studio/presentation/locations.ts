// Which pages show each document type, from the page list, so the Presentation tool can open them beside the
// editor: a page's own copy, the documents it lists, and the site settings on every public page.
import {defineLocations, type DocumentLocationResolvers} from 'sanity/presentation'
import {landingSlugProblem} from '@quantedge/schemas/landingPages'
import {pages, type Page} from '@quantedge/schemas/pages'

const listed: readonly Page[] = pages
const at = ({title, path}: Page, anchor?: string) => ({
  title,
  href: anchor ? `${path}#${anchor}` : path,
})

/** The page whose copy the document of this type with this route or slug holds. */
const pageWithCopy = (copy: Page['copy'], name: string | undefined) => {
  const page = listed.find((page) => page.copy === copy && page.path === `/${name}`)
  return page ? {locations: [at(page)]} : null
}

const listingPages = (type: string) =>
  listed.flatMap((page) =>
    (page.lists ?? []).filter((list) => list.type === type).map(({anchor}) => at(page, anchor)),
  )

const listedTypes = new Set(listed.flatMap(({lists}) => lists ?? []).map(({type}) => type))

export const locations: DocumentLocationResolvers = {
  ...Object.fromEntries(
    [...listedTypes].map((type) => [type, defineLocations({locations: listingPages(type)})]),
  ),
  siteSettings: defineLocations({
    message: 'Shown in the header and footer of every page',
    locations: listed.filter((page) => page.sitemap !== false).map((page) => at(page)),
  }),
  homePage: defineLocations({
    locations: listed.filter((page) => page.copy === 'homePage').map((page) => at(page)),
  }),
  sitePage: defineLocations({
    select: {route: 'route'},
    resolve: (doc) => pageWithCopy('sitePage', doc?.route),
  }),
  legalPage: defineLocations({
    select: {slug: 'slug.current'},
    resolve: (doc) => pageWithCopy('legalPage', doc?.slug),
  }),
  // A landing page is at /<slug>, once it has a slug the site serves.
  landingPage: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) =>
      doc?.slug && !landingSlugProblem(doc.slug)
        ? {locations: [{title: doc.title ?? doc.slug, href: `/${doc.slug}`}]}
        : null,
  }),
}
