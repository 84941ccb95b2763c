// Lighthouse's mobile throttling, applied through the DevTools protocol: 4x CPU slowdown, 150 ms round trips,
// 1.6 Mbps down and 750 Kbps up (Lighthouse's "slow 4G" profile: lighthouse-core/config/constants.js).
import type {BrowserContext, Page} from '@playwright/test'

export const MOBILE_THROTTLING = {
  cpuSlowdown: 4,
  rttMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
} as const

export async function throttleLikeAMobile(context: BrowserContext, page: Page) {
  const devtools = await context.newCDPSession(page)
  await devtools.send('Network.enable')
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.rttMs,
    downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
  })
  await devtools.send('Emulation.setCPUThrottlingRate', {rate: MOBILE_THROTTLING.cpuSlowdown})
}

/** True once the app's scripts have run at all: React Router sets its route modules just before hydrating. */
export const scriptsHaveRun = (page: Page) =>
  page.evaluate(
    () => (window as {__reactRouterRouteModules?: object}).__reactRouterRouteModules !== undefined,
  )

/** Waits until React has hydrated the page and taken its controls over (the root's first effect has run). */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as {earlyControls?: {hydrated: boolean}}).earlyControls?.hydrated === true,
    null,
    {timeout: 30_000},
  )

/** Opens `path` and returns as soon as the browser has painted something, long before hydration on a phone. */
export async function openUntilFirstPaint(page: Page, path: string) {
  await page.goto(path, {waitUntil: 'commit'})
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, null, {
    polling: 16,
  })
}
