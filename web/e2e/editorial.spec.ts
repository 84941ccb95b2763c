// The editorial workflow in Chromium: a draft is seen only in the secret-gated preview, publishing reaches
// the public site without a restart, bad webhooks change nothing, a broken build leaves the old site live.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {encodeSignatureHeader} from '@sanity/webhook'
import {editDraft, previewLink, publishDraft} from '@quantedge/content/editor'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {expect, test, waitForHydration} from './support/fixtures.ts'
import {indicatorPrice, shown} from './support/catalogue.ts'
import {seed} from './support/seed.ts'

test.describe.configure({mode: 'serial'})

let stack: EditorialStack
test.beforeAll(async () => {
  test.setTimeout(120_000)
  stack = await startEditorialStack()
})
test.afterAll(async () => {
  await stack?.close()
})

const straddlePrice = (page: import('@playwright/test').Page) => indicatorPrice(page, 'Straddle')

test('a draft price shows in the preview with its banner, not on the public site; publishing makes it live', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await editDraft(stack.editor, 'indicator-straddle', {price: 750})

  await page.goto(`${stack.live.site.url}/tradingview`)
  await expect(straddlePrice(page)).toHaveText('₹500')

  const bodies: string[] = []
  page.on('response', async (response) => {
    if (response.url().startsWith(stack.preview.url))
      bodies.push(await response.text().catch(() => ''))
  })
  await page.goto(
    await previewLink(stack.editor, stack.preview.url, '/tradingview', 'http://localhost:3333'),
  )
  await expect(page).toHaveURL(`${stack.preview.url}/tradingview`)
  await expect(page.getByRole('region', {name: 'Preview'})).toContainText(
    'this page shows unpublished drafts',
  )
  await expect(straddlePrice(page)).toHaveText('₹750')
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'About'}).click()
  await expect(page.getByRole('heading', {level: 1})).toHaveText(shown('About Us'))
  await expect(page.getByRole('region', {name: 'Preview'})).toBeVisible()
  expect(bodies.length).toBeGreaterThan(3)
  expect(bodies.filter((body) => body.includes(stack.token))).toEqual([])

  await page.goto(`${stack.live.site.url}/tradingview`)
  await expect(straddlePrice(page)).toHaveText('₹500')

  const published = Date.now()
  await publishDraft(stack.editor, 'indicator-straddle')
  await expect(async () => {
    await page.goto(`${stack.live.site.url}/tradingview`)
    await expect(straddlePrice(page)).toHaveText('₹750', {timeout: 1000})
  }).toPass({timeout: 60_000, intervals: [500]})
  expect(Date.now() - published).toBeLessThan(60_000)
  const {rebuilds} = await stack.hookStatus()
  expect(rebuilds.at(-1)?.ok).toBe(true)
})

test('the preview carries stega markers for visual editing; links, prices and slugs stay clean', async ({
  page,
}) => {
  const invisible = /[\u200B-\u200D\uFEFF]/
  await page.goto(
    await previewLink(stack.editor, stack.preview.url, '/tradingview', 'http://localhost:3333'),
  )
  await waitForHydration(page)
  expect(invisible.test(await page.locator('main h1').innerText())).toBe(true)
  await page
    .locator('li.indicator-card')
    .nth(3)
    .getByRole('button', {name: /^Buy Now/})
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('.modal-price')).toHaveText('₹500')
  await expect(dialog.getByRole('link', {name: /^Buy Now/})).toHaveAttribute(
    'href',
    seed.siteSettings.directMessageUrl,
  )
  const socialLinks = page
    .getByRole('contentinfo')
    .getByRole('list', {name: 'Social profiles'})
    .getByRole('link')
  await expect(socialLinks.first()).toHaveAttribute(
    'href',
    seed.siteSettings.socialProfiles[0]!.url,
  )

  await page.goto(`${stack.live.site.url}/tradingview`)
  expect(invisible.test(await page.locator('body').innerText())).toBe(false)
})

test('the read token is in no file of the preview build', () => {
  const files = readdirSync(stack.previewDir, {recursive: true, withFileTypes: true}).filter(
    (entry) => entry.isFile(),
  )
  expect(files.some((entry) => entry.name.endsWith('.js'))).toBe(true)
  const leaks = files.filter((entry) =>
    readFileSync(join(entry.parentPath, entry.name)).includes(stack.token),
  )
  expect(leaks.map((entry) => entry.name)).toEqual([])
})

test('the preview refuses a visitor without the secret, and a made-up secret', async ({page}) => {
  const direct = await page.goto(`${stack.preview.url}/tradingview`)
  expect(direct?.status()).toBe(401)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Preview needs a secret link')
  const forged = await page.goto(
    `${stack.preview.url}/api/preview/enable?sanity-preview-secret=guess&sanity-preview-pathname=/`,
  )
  expect(forged?.status()).toBe(401)
})

test('Exit preview leads back to the public page', async ({page}) => {
  await page.goto(
    await previewLink(stack.editor, stack.preview.url, '/python', 'http://localhost:3333'),
  )
  await page
    .getByRole('region', {name: 'Preview'})
    .getByRole('link', {name: 'Exit preview'})
    .click()
  await expect(page).toHaveURL(`${stack.live.site.url}/python`)
  expect((await page.goto(`${stack.preview.url}/python`))?.status()).toBe(401)
})

test('a webhook with a bad signature gets 401 and changes nothing', async ({request}) => {
  const before = (await stack.hookStatus()).rebuilds.length
  const body = JSON.stringify({_id: 'indicator-straddle', _type: 'indicator'})
  const forged = await encodeSignatureHeader(body, Date.now(), 'not-the-secret')
  const attempts: Record<string, string>[] = [{'sanity-webhook-signature': forged}, {}]
  for (const headers of attempts) {
    const response = await request.post(stack.live.hook.url, {
      data: body,
      headers: {'Content-Type': 'application/json', ...headers},
    })
    expect(response.status()).toBe(401)
  }
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = await stack.hookStatus()
  expect(after).toMatchObject({waiting: 0, building: false})
  expect(after.rebuilds).toHaveLength(before)
})

test('a change that breaks the build leaves the previous site live and is reported', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const settings = await stack.editor.getDocument('siteSettings')
  await stack.editor.delete('siteSettings')
  await expect(async () => {
    const {rebuilds} = await stack.hookStatus()
    expect(rebuilds.at(-1)).toMatchObject({
      ok: false,
      error: expect.stringContaining('site settings'),
    })
  }).toPass({timeout: 60_000, intervals: [500]})
  await page.goto(`${stack.live.site.url}/tradingview`)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('TradingView Indicators')
  await expect(
    page.getByRole('contentinfo').getByText(seed.siteSettings.footerDisclaimer),
  ).toBeVisible()

  await stack.editor.createOrReplace(settings!)
  await expect(async () => {
    const {rebuilds} = await stack.hookStatus()
    expect(rebuilds.at(-1)?.ok).toBe(true)
  }).toPass({timeout: 60_000, intervals: [500]})
})
