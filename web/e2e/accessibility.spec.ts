// axe-core finds no violation on any route, nor with the mobile menu or the indicator dialog open.
import AxeBuilder from '@axe-core/playwright'
import type {Page} from '@playwright/test'
import {expect, openHydrated, test} from './support/fixtures.ts'

const ROUTES = ['/', '/tradingview', '/python', '/tradetron', '/contactus', '/subscribe', '/quantmetrics', '/teampage', '/privacy', '/terms', '/disclaimer', '/no-such-page']

const violations = async (page: Page) => {
  const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  return results.violations.map(({id, nodes}) => ({id, targets: nodes.map((node) => node.target.join(' '))}))
}

for (const route of ROUTES) {
  test(`no violations on ${route}`, async ({page}) => {
    await page.goto(route)
    expect(await violations(page)).toEqual([])
  })
}

test('no violations with the indicator dialog open', async ({page}) => {
  await openHydrated(page, '/tradingview')
  await page.getByRole('button', {name: 'Buy Now Straddle RSI'}).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test.describe('at 390 px wide', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('no violations with the mobile menu open', async ({page}) => {
    await openHydrated(page, '/')
    await page.getByRole('button', {name: 'Menu'}).click()
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  for (const route of ['/', '/tradingview', '/contactus']) {
    test(`no violations on ${route}`, async ({page}) => {
      await page.goto(route)
      expect(await violations(page)).toEqual([])
    })
  }
})
