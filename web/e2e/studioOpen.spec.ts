// The Studio opens in a browser that trusts no local authority: a fresh Chromium profile with an empty HOME (no
// NSS store), certificate errors not ignored. Its page finds the lake's HTTP/2 port refused and reaches the lake
// over plain HTTP, its event streams spread over the lake's stream ports by its service worker; two tabs on
// Straddle follow each other's edits and Publish changes the public page. The same with the authority trusted
// in a throwaway NSS store that `npm run trust` filled: the Studio then talks HTTP/2 to the lake's HTTPS port.
// With the lake stopped, the page says so and how to start it.
import {dirname} from 'node:path'
import type {Browser, BrowserContext, Page} from '@playwright/test'
import {HEADLESS_SHELL_PATH} from '@quantedge/test-support/chromium'
import {editorBrowser, emptyHome, trustedHome} from '@quantedge/test-support/editorBrowser'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {indicatorPrice} from './support/catalogue.ts'
import {watchCsp, type CspWatch} from './support/csp.ts'
import {expect, test} from './support/fixtures.ts'
import {EDITOR_WINDOW} from './support/studioEditor.ts'

let stack: EditorialStack
const homes: {remove: () => void}[] = []

test.describe.configure({mode: 'serial', timeout: 150_000})

test.beforeAll(async () => {
  // Three builds (the site, the preview, the Studio): minutes on a busy two-core machine. A bound, not a speed check.
  test.setTimeout(420_000)
  stack = await startEditorialStack({studio: true})
})
test.afterAll(async () => {
  await stack?.close()
  for (const home of homes) home.remove()
})

/** The headless shell as a new user starts it, with HOME at `home` (kept until the file ends). */
function browserAt(home: {path: string; remove: () => void}) {
  homes.push(home)
  return editorBrowser(HEADLESS_SHELL_PATH, home.path)
}

/** The Content Security Policy watches of this test's windows: none may see a violation. */
const windowsCsp: CspWatch[] = []
test.afterEach(() => {
  expect(windowsCsp.splice(0).flatMap((watch) => watch.take())).toEqual([])
})

async function editorWindow(browser: Browser) {
  const window = await browser.newContext(EDITOR_WINDOW)
  windowsCsp.push(await watchCsp(window))
  return window
}

const studioUrl = (path: string) => `${stack.studio?.url ?? ''}${path}`
const price = (page: Page) => page.getByLabel('Price (₹)', {exact: true})
const publishButton = (page: Page) => page.getByRole('button', {name: 'Publish', exact: true})

/** How the Studio's page chose to reach the lake (lakeRoute/bootstrap.ts). */
const lakeRoute = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as {quantedgeLakeRoute?: {apiHost: string; fastPath: boolean}})
        .quantedgeLakeRoute,
  )

/** Every address this window's pages and service worker asked for. */
function requestsOf(window: BrowserContext) {
  const urls: string[] = []
  window.on('request', (request) => urls.push(request.url()))
  return urls
}

async function openStraddle(page: Page) {
  await page.goto(studioUrl('/structure/indicator;indicator-straddle'))
  await expect(publishButton(page)).toBeVisible({timeout: 60_000})
  await expect(price(page)).toBeEditable({timeout: 30_000})
}

/** Two tabs on Straddle: a price typed in one shows in the other, Publish in the other puts it on the site. */
async function editInTwoTabsAndPublish(window: BrowserContext, newPrice: number) {
  const first = await window.newPage()
  const second = await window.newPage()
  await openStraddle(first)
  await openStraddle(second)
  await price(first).fill(String(newPrice))
  await expect(price(second)).toHaveValue(String(newPrice), {timeout: 30_000})
  await expect
    .poll(async () => (await stack.editor.getDocument('drafts.indicator-straddle'))?.price, {
      timeout: 30_000,
    })
    .toBe(newPrice)
  await expect(publishButton(second)).toBeEnabled({timeout: 30_000})
  await publishButton(second).click()
  await expect
    .poll(async () => (await stack.editor.getDocument('indicator-straddle'))?.price, {
      timeout: 30_000,
    })
    .toBe(newPrice)
  const site = await window.newPage()
  const shown = `₹${newPrice.toLocaleString('en-IN')}`
  await expect(async () => {
    await site.goto(`${stack.live.site.url}/tradingview`)
    await expect(indicatorPrice(site, 'Straddle')).toHaveText(shown, {timeout: 1000})
  }).toPass({timeout: 60_000, intervals: [500]})
  return first
}

// Playwright reads a test's fixtures from this pattern; these tests start their own browsers.
// eslint-disable-next-line no-empty-pattern
test('a browser that trusts no local authority opens the Studio: two tabs follow each other, Publish goes live', async ({}, testInfo) => {
  const browser = await browserAt(emptyHome())
  try {
    const window = await editorWindow(browser)
    const requests = requestsOf(window)
    // This browser refuses the lake's HTTPS certificate: nothing here trusts it.
    const probe = await window.newPage()
    await expect(probe.goto(`${stack.lake.secureUrl}/v1/ping`)).rejects.toThrow(/ERR_CERT/)
    await probe.close()

    const first = await editInTwoTabsAndPublish(window, 750)
    expect(await lakeRoute(first)).toEqual({
      apiHost: `http://localhost:${stack.lake.port}`,
      fastPath: false,
    })
    // The service worker sent the listeners to the stream ports; the lake's HTTPS port saw only the probes.
    const streamed = requests.filter((url) =>
      stack.lake.streamUrls.some((origin) => url.startsWith(`${origin}/`)),
    )
    expect(streamed.some((url) => url.includes('/data/listen/'))).toBe(true)
    const securePort = `:${new URL(stack.lake.secureUrl ?? '').port}/`
    expect([...new Set(requests.filter((url) => url.includes(securePort)))]).toEqual([
      `${stack.lake.secureUrl}/v1/ping`,
    ])
    await first.screenshot({path: testInfo.outputPath('studio-untrusted.png')})
  } finally {
    await browser.close()
  }
})

// Playwright reads a test's fixtures from this pattern; these tests start their own browsers.
// eslint-disable-next-line no-empty-pattern
test('with the authority trusted by npm run trust, the Studio talks HTTP/2 to the lake', async ({}, testInfo) => {
  const browser = await browserAt(await trustedHome(dirname(stack.lake.authorityPath ?? '')))
  try {
    const window = await editorWindow(browser)
    const requests = requestsOf(window)
    const first = await editInTwoTabsAndPublish(window, 800)
    expect(await lakeRoute(first)).toEqual({apiHost: stack.lake.secureUrl, fastPath: true})
    const secureHost = new URL(stack.lake.secureUrl ?? '').port
    expect(
      requests.some(
        (url) => url.includes(`.localhost:${secureHost}/`) && url.includes('/data/listen/'),
      ),
    ).toBe(true)
    expect(
      requests.some((url) => stack.lake.streamUrls.some((origin) => url.startsWith(origin))),
    ).toBe(false)
    await first.screenshot({path: testInfo.outputPath('studio-trusted.png')})
  } finally {
    await browser.close()
  }
})

// Playwright reads a test's fixtures from this pattern; these tests start their own browsers.
// eslint-disable-next-line no-empty-pattern
test('with the lake stopped, the Studio page says what is wrong and how to fix it', async ({}, testInfo) => {
  await stack.stopLake()
  const browser = await browserAt(emptyHome())
  try {
    const page = await (await editorWindow(browser)).newPage()
    await page.goto(studioUrl('/structure'))
    await expect(
      page.getByRole('heading', {name: 'The Studio cannot reach its Content Lake'}),
    ).toBeVisible()
    await expect(
      page.getByText(`Nothing answers at http://localhost:${stack.lake.port}`),
    ).toBeVisible()
    await expect(page.getByText(/Start it with "npm start"/)).toBeVisible()
    await expect(page.getByText(/Network error|Couldn't reach the Sanity servers/)).toHaveCount(0)
    await page.screenshot({path: testInfo.outputPath('studio-lake-stopped.png')})
  } finally {
    await browser.close()
  }
})
