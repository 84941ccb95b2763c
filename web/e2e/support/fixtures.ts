// Every browser test imports `test` from here: it points the page at the site global setup serves, and fails the
// test on any Content Security Policy violation in its pages (csp.ts; `csp.take()` takes the ones a test provokes).
import {test as base, expect} from '@playwright/test'
import {watchCsp, type CspWatch} from './csp.ts'

export const test = base.extend<{csp: CspWatch}>({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run the browser tests through playwright.config.ts')
    await use(url)
  },
  csp: [
    async ({context}, use) => {
      const watch = await watchCsp(context)
      await use(watch)
      expect(watch.take(), 'Content Security Policy violations').toEqual([])
    },
    {auto: true},
  ],
})

export {expect}

/**
 * Opens a page and waits until its scripts have loaded and run: the HTML is usable at once, but the dialog
 * and the mobile menu need the hydrated app, which starts after the first paint.
 */
export async function openHydrated(page: import('@playwright/test').Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Waits until the current page's scripts have loaded and run. */
export async function waitForHydration(page: import('@playwright/test').Page) {
  await page.waitForFunction(
    () => (window as {__reactRouterRouteModules?: object}).__reactRouterRouteModules !== undefined,
  )
  await page.waitForLoadState('networkidle')
}
