// Documents with fixed ids: one per page or purpose, named after the page list (pages.ts). Editors change them;
// they never create or delete them. Ids have no dot: a dotted id is private on Sanity's public datasets and the
// public build could not read it.
import {pages, type Page} from './pages.ts'

type Listed = (typeof pages)[number]
type WithCopy<Copy> = Extract<Listed, {copy: Copy}>
type NameOf<Path> = Path extends `/${infer Name}` ? Name : never

const withCopy = <Copy extends Page['copy']>(copy: Copy) =>
  pages.filter((page): page is WithCopy<Copy> => 'copy' in page && page.copy === copy)
const nameOf = <Name extends string>(path: `/${Name}`) => path.slice(1) as Name

/** The routes whose copy lives in a sitePage document: the Studio's choices of its route field. */
export const sitePageRoutes = withCopy('sitePage').map(({title, path}) => ({
  title,
  value: nameOf(path),
}))

export type SitePageRoute = NameOf<WithCopy<'sitePage'>['path']>

export const sitePageId = (route: SitePageRoute) => `sitePage-${route}`

export type LegalSlug = NameOf<WithCopy<'legalPage'>['path']>

/** The legal texts, each at /<slug>. */
export const legalPageIds = withCopy('legalPage').map(({title, path}) => ({
  title,
  id: `legalPage-${nameOf(path)}`,
  slug: nameOf(path),
}))

/** Types whose documents all have fixed ids: siteSettings and homePage are singletons whose id is the type name. */
export const fixedDocumentTypes: ReadonlySet<string> = new Set([
  'siteSettings',
  'homePage',
  'sitePage',
  'legalPage',
])
