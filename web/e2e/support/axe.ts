// axe-core's findings on the current page, for the accessibility checks of every browser test that makes them.
import AxeBuilder from '@axe-core/playwright'
import type {Page} from '@playwright/test'

export const violations = async (page: Page) => {
  const results = await new AxeBuilder({page})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  return results.violations.map(({id, nodes}) => ({
    id,
    targets: nodes.map((node) => node.target.join(' ')),
  }))
}
