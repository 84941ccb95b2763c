// Finding what the catalogue pages show, in the public site and in the draft preview alike.
import type {FrameLocator, Page} from '@playwright/test'

/** Text as shown, allowing the invisible stega markers the preview adds for visual editing. */
export const shown = (text: string) => new RegExp(`^${text}[\\s\\u200B-\\u200D\\u2060\\uFEFF]*$`)

/** The price on the indicator card with this name, in a page or in the Studio's preview frame. */
export const indicatorPrice = (page: Page | FrameLocator, name: string) =>
  page
    .locator('li.indicator-card')
    .filter({has: page.getByRole('heading', {name: shown(name)})})
    .locator('.card-price')
