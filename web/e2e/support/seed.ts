// The seeded content the browser tests expect to see, read from the seed itself rather than copied.
import {automationServices, toolkitModules} from '@quantedge/seed/content/catalogue'
import {homePage} from '@quantedge/seed/content/homePage'
import {indicators} from '@quantedge/seed/content/indicators'
import {legalPages} from '@quantedge/seed/content/legalPages'
import {plans} from '@quantedge/seed/content/plans'
import {siteSettings} from '@quantedge/seed/content/siteSettings'
import {sitePages} from '@quantedge/seed/content/sitePages'

export const seed = {
  automationServices,
  toolkitModules,
  homePage,
  indicators,
  legalPages,
  plans,
  siteSettings,
}

export function sitePage(route: string) {
  const page = sitePages.find((candidate) => candidate.route === route)
  if (!page) throw new Error(`No seeded page for /${route}`)
  return page
}

export function legalPage(slug: string) {
  const page = legalPages.find((candidate) => candidate.slug.current === slug)
  if (!page) throw new Error(`No seeded legal text /${slug}`)
  return page
}

/** The first paragraph of a Portable Text body, as plain text. */
export const firstParagraph = (
  body: ReadonlyArray<{style?: string; children?: ReadonlyArray<{text?: string}>}>,
) =>
  body
    .find((block) => block.style === 'normal')
    ?.children?.map((span) => span.text ?? '')
    .join('') ?? ''
