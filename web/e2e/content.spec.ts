// The content pipeline, as a visitor's browser sees it: seeded values are in the prerendered HTML and the
// pages show them with the Content Lake stopped, so nothing is fetched from it at runtime.
import {expect, test} from './support/fixtures.ts'

test('the prerendered HTML holds the seeded values', async ({request}) => {
  const tradingView = await (await request.get('/tradingview')).text()
  expect(tradingView).toContain('₹500')
  expect(tradingView).toContain('Straddle RSI')
  const home = await (await request.get('/')).text()
  expect(home).toContain('Top 4 premium indicators included')
  expect(home).toContain('₹3,300/month')
})

test('pages show their content with no request beyond the site itself', async ({page, baseURL}) => {
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!)) elsewhere.push(request.url())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', {name: 'Derivative Quant Metrics'})).toBeVisible()
  await page.getByRole('link', {name: 'TradingView'}).first().click()
  await expect(page.getByRole('heading', {name: 'TradingView Indicators'})).toBeVisible()
  await expect(page.getByText('₹500').first()).toBeVisible()
  expect(elsewhere).toEqual([])
})
