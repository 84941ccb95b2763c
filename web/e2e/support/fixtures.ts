// Every browser test imports `test` from here: it points the page at the site global setup serves.
import {test as base, expect} from '@playwright/test'

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through playwright.config.ts')
    await use(url)
  },
})

export {expect}
