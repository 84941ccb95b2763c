// The seeded content the browser tests expect to see, read from the seed itself rather than copied.
import {automationServices, toolkitModules} from '../../../scripts/seed/content/catalogue.ts'
import {homePage} from '../../../scripts/seed/content/homePage.ts'
import {indicators} from '../../../scripts/seed/content/indicators.ts'
import {legalPages} from '../../../scripts/seed/content/legalPages.ts'
import {plans} from '../../../scripts/seed/content/plans.ts'
import {siteSettings} from '../../../scripts/seed/content/siteSettings.ts'
import {sitePages} from '../../../scripts/seed/content/sitePages.ts'

export const seed = {automationServices, toolkitModules, homePage, indicators, legalPages, plans, siteSettings}

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
export const firstParagraph = (body: ReadonlyArray<{style?: string; children?: ReadonlyArray<{text?: string}>}>) =>
  body.find((block) => block.style === 'normal')?.children?.map((span) => span.text ?? '').join('') ?? ''
