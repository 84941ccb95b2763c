// axe-core's findings on the current page, for the accessibility checks of every browser test that makes them.
import AxeBuilder from '@axe-core/playwright'
import type {Page} from '@playwright/test'

/**
 * axe runs in the page itself (legacy mode): by default @axe-core/playwright opens a blank page to merge the
 * results of each frame (axe.finishRun), which doubled each check's processor time (1.3 -> 2.5 CPU-s a page). Its
 * README keeps legacy mode for when that page is a problem, at the cost of cross-origin frames, which it then leaves
 * untested. The site's pages have no frames (same-origin ones are still checked in this mode).
 */
export const violations = async (page: Page) => {
  const results = await new AxeBuilder({page})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze()
  return results.violations.map(({id, nodes}) => ({
    id,
    targets: nodes.map((node) => node.target.join(' ')),
  }))
}
