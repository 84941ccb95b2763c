// Finding what the catalogue pages show, in the public site and in the draft preview alike.
import type {Page} from '@playwright/test'

/** Text as shown, allowing the invisible stega markers the preview adds for visual editing. */
export const shown = (text: string) => new RegExp(`^${text}[\\s\\u200B-\\u200D\\u2060\\uFEFF]*$`)

/** The price on the indicator card with this name. */
export const indicatorPrice = (page: Page, name: string) =>
  page.locator('li.indicator-card').filter({has: page.getByRole('heading', {name: shown(name)})}).locator('.card-price')
