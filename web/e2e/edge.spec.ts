// The site as visitors get it in production: through the edge (Varnish), in Chromium. Pages hydrate and move
// between each other with their data from the edge's cache, a return visit is answered from it, and a price an
// editor publishes shows through it.
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {expect, test, waitForHydration} from './support/fixtures.ts'
import {indicatorPrice} from './support/catalogue.ts'

test.describe.configure({mode: 'serial'})

let stack: EditorialStack
test.beforeAll(async () => {
  test.setTimeout(180_000)
  stack = await startEditorialStack({edge: true})
})
test.afterAll(async () => {
  await stack?.close()
})

test('a visitor browses through the edge: pages hydrate, their data and a return visit come from its cache', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const edge = stack.edge!.url
  await page.goto(`${edge}/python`)
  const first = await page.goto(`${edge}/tradingview`)
  expect(first?.status()).toBe(200)
  await waitForHydration(page)
  await expect(indicatorPrice(page, 'Straddle')).toHaveText('₹500')

  const again = await page.reload()
  expect(await again?.headerValue('cache-status')).toBe('edge; hit')
  expect(await again?.headerValue('xkey')).toBeNull()

  await page.goto(`${edge}/`)
  await waitForHydration(page)
  const pythonData = page.waitForResponse((response) => response.url().includes('/python.data'))
  await page.locator('a[href="/python"]').first().click()
  const data = await pythonData
  expect(data.status()).toBe(200)
  expect(await data.headerValue('cache-status')).toMatch(/^edge; /)
  await expect(page).toHaveURL(`${edge}/python`)
  await expect(page.getByRole('heading', {level: 1})).toBeVisible()
  expect(errors).toEqual([])
})

test('a price an editor publishes shows through the edge', async ({page}) => {
  await page.goto(`${stack.edge!.url}/tradingview`)
  await expect(indicatorPrice(page, 'Straddle')).toHaveText('₹500')
  await editDraft(stack.editor, 'indicator-straddle', {price: 725})
  await publishDraft(stack.editor, 'indicator-straddle')
  await expect(async () => {
    await page.reload()
    await expect(indicatorPrice(page, 'Straddle')).toHaveText('₹725', {timeout: 1000})
  }).toPass({timeout: 60_000, intervals: [250]})
})
