// Route loaders read published content here, at build time; a missing document stops the build with its name.
import type {SitePageRoute} from '@quantedge/schemas/fixed'
import {contentClient} from './client.ts'
import {SITE_PAGE_QUERY} from './queries.ts'

export const publishedContent = contentClient('published')

export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new Error(`The Content Lake has no ${what}. Publish it in the Studio, or run \`npm run seed\`.`)
  }
  return value
}

/** The copy of a page whose items come from the catalogue (title, intro, action label and hint, SEO). */
export async function loadSitePage(route: SitePageRoute) {
  return required(await publishedContent.fetch(SITE_PAGE_QUERY, {route}), `page document for /${route}`)
}
