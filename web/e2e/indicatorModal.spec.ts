// Buy Now on an indicator opens a real dialog: demo, name, description, ₹500, the DM link and a hint naming it.
import {expect, openHydrated, test} from './support/fixtures.ts'
import {seed, sitePage} from './support/seed.ts'

const spreadIndex = seed.indicators.findIndex((indicator) => indicator.name === 'Spread')
const spread = seed.indicators[spreadIndex]!

test.beforeEach(async ({page}) => {
  await openHydrated(page, '/tradingview')
  await page.getByRole('button', {name: 'Buy Now Spread'}).click()
})

test('shows the indicator, its price, the DM link and a hint naming it', async ({page}) => {
  const dialog = page.getByRole('dialog', {name: 'Spread'})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', {name: 'Spread'})).toBeVisible()
  await expect(dialog.getByText(spread.description)).toBeVisible()
  await expect(dialog.getByText('₹500')).toBeVisible()
  await expect(dialog.locator('video source')).toHaveAttribute('src', spread.demoVideo.url!)
  const buy = dialog.getByRole('link', {name: /^Buy Now/})
  await expect(buy).toHaveAttribute('href', seed.siteSettings.directMessageUrl)
  await expect(buy).toHaveAttribute('target', '_blank')
  await expect(
    dialog.getByText(sitePage('tradingview').actionHint!.replace('{name}', 'Spread')),
  ).toBeVisible()
})

test('moves focus into the dialog, and Close returns it to the Buy Now that opened it', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', {name: 'Spread'})
  await expect(dialog.getByRole('button', {name: 'Close'})).toBeFocused()
  await dialog.getByRole('button', {name: 'Close'}).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', {name: 'Buy Now Spread'})).toBeFocused()
})

test('Escape closes it and returns focus', async ({page}) => {
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', {name: 'Buy Now Spread'})).toBeFocused()
})

test('a click on the backdrop closes it; a click inside does not', async ({page}) => {
  const dialog = page.getByRole('dialog', {name: 'Spread'})
  await dialog.getByText(spread.description).click()
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeHidden()
})

test('fetches no video bytes before the dialog opens or play is pressed', async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage({baseURL})
  const videoRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.mp4')) videoRequests.push(request.url())
  })
  await openHydrated(page, '/tradingview')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  expect(videoRequests).toEqual([])
  await page.getByRole('button', {name: 'Play the Straddle demo'}).click()
  await expect.poll(() => videoRequests.some((url) => url.endsWith('/straddle.mp4'))).toBe(true)
  await page.close()
})
