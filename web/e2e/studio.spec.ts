// The real Sanity Studio, built for a throwaway embedded lake and driven in Chromium as an editor would:
// edit, preview, publish to the live site, history, discard, create, delete and restore, the singletons' limits,
// validation, two tabs (sync and presence), uploads, search.
// The setup (the stack, the editor's browser) is support/studioEditor.ts's.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import type {Page} from '@playwright/test'
import {previewLink} from '@quantedge/content/editor'
import type {EditorialStack} from '@quantedge/test-support/editorialStack'
import {indicatorPrice} from './support/catalogue.ts'
import {expect} from './support/fixtures.ts'
import {
  field,
  openInStudio,
  studioStack,
  studioTest as test,
  typeIntoField,
  useStudioStack,
} from './support/studioEditor.ts'

useStudioStack()
let stack: EditorialStack
test.beforeAll(() => {
  stack = studioStack()
})

const posterFile = join(import.meta.dirname, '../public/demos/option-greeks.webp')
/** A document's form, opened by the Studio's own URL for it. */
const openDocument = async (page: Page, path: string) => {
  await openInStudio(page, `/structure/${path}`)
  await expect(publishButton(page)).toBeVisible({timeout: 30_000})
}
const publishButton = (page: Page) => page.getByRole('button', {name: 'Publish', exact: true})
const documentActions = (page: Page) => page.getByRole('button', {name: 'Open document actions'})
/**
 * Opens the document-actions menu and waits until the named items can be used. While a document pane finishes
 * loading, its actions are disabled (permissions, document state) and the change re-renders the menu closed
 * (seen in CI); the menu is then opened again, as an editor would.
 */
async function openDocumentMenu(page: Page, items: string[]) {
  await expect(async () => {
    if (!(await page.getByRole('menu').first().isVisible()))
      await documentActions(page).click({timeout: 2000})
    for (const name of items) {
      await expect(page.getByRole('menuitem', {name})).toBeVisible({timeout: 2000})
      await expect(page.getByRole('menuitem', {name})).toBeEnabled({timeout: 2000})
    }
  }).toPass({timeout: 20_000})
}

/** What the lake holds now, read with the editor's token: where the Studio's saves are checked. */
const lakeDocument = (id: string) => stack.editor.getDocument(id)
/** Polls the named fields of a document in the lake until they hold what is expected. */
const expectDraft = (id: string, fields: string[]) =>
  expect.poll(
    async () => {
      const draft = await lakeDocument(id)
      return fields.map((name) => draft?.[name])
    },
    {timeout: 15_000},
  )

async function expectOnPublicSite(page: Page, check: () => Promise<void>) {
  const published = Date.now()
  await expect(async () => {
    await page.goto(`${stack.live.site.url}/tradingview`)
    await check()
  }).toPass({timeout: 60_000, intervals: [500]})
  return Date.now() - published
}

test('edit Straddle in the Studio: the preview shows the draft, Publish makes the public page ₹750', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const description =
    'Plots the combined premium of the at-the-money call and put, now with an expiry-day decay curve for Nifty and Bank Nifty.'
  await openInStudio(page, '/structure')
  await page.getByRole('link', {name: 'TradingView indicators'}).click()
  await page.getByRole('link', {name: /^Straddle ₹500/}).click()
  await typeIntoField(page, 'Price (₹)', '750')
  await typeIntoField(page, 'Description', description)
  await expect
    .poll(async () => (await lakeDocument('drafts.indicator-straddle'))?.description, {
      timeout: 15_000,
    })
    .toBe(description)
  expect((await lakeDocument('drafts.indicator-straddle'))?.price).toBe(750)

  // The Presentation tool opens the draft preview in a frame, through the preview server's secret handshake.
  await openInStudio(page, '/presentation?preview=/tradingview')
  const frame = page.frameLocator('iframe').first()
  await expect(frame.getByRole('region', {name: 'Preview'})).toContainText(
    'this page shows unpublished drafts',
    {timeout: 30_000},
  )
  await expect(indicatorPrice(frame, 'Straddle')).toContainText('₹750')
  await expect(frame.getByText(description).filter({visible: true})).toBeVisible()

  const preview = await page.context().newPage()
  await preview.goto(
    await previewLink(stack.editor, stack.preview.url, '/tradingview', stack.studio?.url ?? ''),
  )
  await expect(preview.getByRole('region', {name: 'Preview'})).toContainText(
    'this page shows unpublished drafts',
  )
  await expect(indicatorPrice(preview, 'Straddle')).toContainText('₹750')
  await preview.goto(`${stack.live.site.url}/tradingview`)
  await expect(indicatorPrice(preview, 'Straddle')).toHaveText('₹500')

  await openInStudio(page, '/structure/indicator;indicator-straddle')
  await publishButton(page).click()
  await expect
    .poll(async () => (await lakeDocument('indicator-straddle'))?.price, {timeout: 15_000})
    .toBe(750)
  await expect(publishButton(page)).toBeDisabled()
  const took = await expectOnPublicSite(preview, async () => {
    await expect(indicatorPrice(preview, 'Straddle')).toHaveText('₹750', {timeout: 1000})
    await expect(preview.getByText(description).filter({visible: true})).toBeVisible({
      timeout: 1000,
    })
  })
  expect(took).toBeLessThan(60_000)
  expect(await lakeDocument('drafts.indicator-straddle')).toBeUndefined()
})

test('the history shows Straddle’s draft and publish, opens the seeded revision and reverts to it', async ({
  page,
}) => {
  await openDocument(page, 'indicator;indicator-straddle')
  await page.getByRole('button', {name: /Last published/}).click()
  await page.getByRole('tab', {name: 'History'}).click()
  // Newest first: the publish above (its draft folded under it), then the document as the seed created it.
  const entries = page.getByTestId('timeline-item-button')
  await expect(entries).toHaveText([/Published/, /created/], {timeout: 15_000})
  await entries.last().click()
  await expect(page.getByText('Revision from')).toBeVisible({timeout: 15_000})
  await expect(field(page, 'Price (₹)')).toHaveValue('500')
  await expect(field(page, 'Price (₹)')).not.toBeEditable()

  await page.getByRole('button', {name: 'Revert to revision'}).click()
  await page.getByRole('button', {name: 'Confirm'}).click()
  await expect
    .poll(async () => (await lakeDocument('drafts.indicator-straddle'))?.price, {timeout: 15_000})
    .toBe(500)
  expect((await lakeDocument('drafts.indicator-straddle'))?.description).toContain('VWAP')
  expect((await lakeDocument('indicator-straddle'))?.price).toBe(750)
})

test('discarding a draft restores the published values', async ({page}) => {
  await openDocument(page, 'indicator;indicator-strangle')
  const published = await lakeDocument('indicator-strangle')
  await typeIntoField(page, 'Price (₹)', '999')
  await expect
    .poll(async () => (await lakeDocument('drafts.indicator-strangle'))?.price, {timeout: 15_000})
    .toBe(999)

  await openDocumentMenu(page, ['Discard changes'])
  await page.getByRole('menuitem', {name: 'Discard changes'}).click()
  await page.getByRole('dialog').getByRole('button', {name: 'Discard'}).click()
  await expect(field(page, 'Price (₹)')).toHaveValue(String(published?.price))
  await expect
    .poll(() => lakeDocument('drafts.indicator-strangle'), {timeout: 15_000})
    .toBeUndefined()
  expect((await lakeDocument('indicator-strangle'))?.price).toBe(published?.price)
})

test('a new indicator, created and published in the Studio, joins the public grid', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await openInStudio(page, '/structure/indicator')
  await page.getByRole('link', {name: 'TradingView indicator', exact: true}).click()
  await typeIntoField(page, 'Name', 'Gamma Scalper')
  await page.getByRole('button', {name: 'Generate'}).click()
  await expect(field(page, 'Slug')).toHaveValue('gamma-scalper')
  await typeIntoField(page, 'Order', '7')
  await typeIntoField(
    page,
    'Description',
    'Flags gamma-scalping windows around the at-the-money strike with delta bands and re-hedge markers.',
  )
  await typeIntoField(page, 'Price (₹)', '1200')
  await typeIntoField(page, 'Video URL', '/demos/straddle.mp4')
  await typeIntoField(page, 'Poster URL', '/demos/straddle.webp')
  await typeIntoField(
    page,
    'Accessible description',
    'Demo of Gamma Scalper: delta bands tightening around the ATM strike.',
  )
  const created = async () =>
    await stack.editor.fetch<{_id: string; price?: number; demoVideo?: {caption?: string}} | null>(
      '*[_type == "indicator" && slug.current == "gamma-scalper"][0]',
      {},
      {perspective: 'raw'},
    )
  await expect
    .poll(async () => (await created())?.demoVideo?.caption, {timeout: 15_000})
    .toContain('Gamma Scalper')
  // Seen once under a loaded machine: the first press on a just-created document sent no publish action while
  // the Studio was still validating its latest revision. Pressing again, as an editor would, must publish it.
  await expect(async () => {
    await publishButton(page).click({timeout: 5000})
    await expect
      .poll(async () => (await created())?._id.startsWith('drafts.'), {timeout: 5000})
      .toBe(false)
  }).toPass({timeout: 30_000})
  await expect(publishButton(page)).toBeDisabled()

  const site = await page.context().newPage()
  await expectOnPublicSite(site, async () => {
    await expect(indicatorPrice(site, 'Gamma Scalper')).toHaveText('₹1,200', {timeout: 1000})
  })
})

test('a singleton offers neither Duplicate nor Delete, where an indicator offers both', async ({
  page,
}) => {
  await openDocument(page, 'indicator;indicator-straddle-rsi')
  await openDocumentMenu(page, ['Duplicate', 'Delete'])
  await page.keyboard.press('Escape')

  await openDocument(page, 'siteSettings')
  await expect(documentActions(page)).toHaveCount(0)
  await expect(page.getByRole('menuitem', {name: /Duplicate|Delete/})).toHaveCount(0)
  await page.getByRole('button', {name: 'Create new document'}).click()
  const creatable = page
    .getByRole('listbox')
    .filter({has: page.getByRole('link', {name: 'TradingView indicator', exact: true})})
  await expect(creatable.getByRole('link')).toHaveText([
    'Landing page',
    'Plan',
    'Python toolkit module',
    'Redirect',
    'Tradetron automation service',
    'TradingView indicator',
  ])
})

test('a deleted indicator comes back from its most recent revision', async ({page}) => {
  await openDocument(page, 'indicator;indicator-straddle-rsi')
  const published = await lakeDocument('indicator-straddle-rsi')
  expect(published?.price).toBe(500)
  await openDocumentMenu(page, ['Delete'])
  await page.getByRole('menuitem', {name: 'Delete'}).click()
  await page
    .getByRole('dialog')
    .getByRole('button', {name: /^Delete (document|anyway)$/})
    .click()
  await expect.poll(() => lakeDocument('indicator-straddle-rsi'), {timeout: 15_000}).toBeUndefined()
  // The Studio closes a deleted document's pane itself once the delete succeeds, on a zero-delay timer (structure
  // tool's DocumentOperationResults), which a change of what that component shows meanwhile (the title, as the
  // document goes) cancels for good (seen under load): the pane then stays, saying the document was deleted.
  // Either way the editor opens it (again, if it was closed under them) and restores it.
  await expect(async () => {
    if (!page.url().includes('indicator-straddle-rsi'))
      await openInStudio(page, '/structure/indicator;indicator-straddle-rsi')
    await expect(page.getByText('This document has been deleted.')).toBeVisible({timeout: 15_000})
    await page.getByRole('button', {name: 'Restore most recent revision'}).click({timeout: 5000})
  }).toPass({timeout: 60_000})
  await expect
    .poll(async () => (await lakeDocument('drafts.indicator-straddle-rsi'))?.price, {
      timeout: 15_000,
    })
    .toBe(published?.price)
  expect((await lakeDocument('drafts.indicator-straddle-rsi'))?.description).toBe(
    published?.description,
  )
})

test('a price of -1 shows the schema’s message and Publish stays blocked', async ({page}) => {
  await openDocument(page, 'indicator;indicator-spread')
  await typeIntoField(page, 'Price (₹)', '-1')
  await page
    .getByRole('button', {name: /validation/i})
    .first()
    .click()
  const message = page
    .getByText('A price is a positive whole number of rupees.')
    .filter({visible: true})
  await expect(message).toBeVisible({timeout: 15_000})
  await expect(publishButton(page)).toBeDisabled()
  await expect
    .poll(async () => (await lakeDocument('drafts.indicator-spread'))?.price, {timeout: 15_000})
    .toBe(-1)
  expect((await lakeDocument('indicator-spread'))?.price).toBe(500)
})

test('two Studio tabs on one document see each other, stay in sync and keep both edits', async ({
  page,
}) => {
  const other = await page.context().newPage()
  await openDocument(page, 'indicator;indicator-iv')
  await openDocument(other, 'indicator;indicator-iv')
  // Presence: the first tab's list shows the document being edited elsewhere (the Studio leaves out its own tab).
  const editingElsewhere = page.getByLabel('Local editor is editing this document right now')
  await expect(editingElsewhere).toBeVisible({timeout: 15_000})

  await typeIntoField(page, 'Name', 'IV Rank')
  await expect(field(other, 'Name')).toHaveValue('IV Rank', {timeout: 15_000})
  await typeIntoField(other, 'Price (₹)', '650')
  await expect(field(page, 'Price (₹)')).toHaveValue('650', {timeout: 15_000})

  await expectDraft('drafts.indicator-iv', ['name', 'price']).toEqual(['IV Rank', 650])

  // At the same moment, each tab changes a different field: both saves land and both tabs show both.
  await Promise.all([field(page, 'Order').fill('16'), field(other, 'Price (₹)').fill('675')])
  for (const tab of [page, other]) {
    await expect(field(tab, 'Order')).toHaveValue('16', {timeout: 15_000})
    await expect(field(tab, 'Price (₹)')).toHaveValue('675', {timeout: 15_000})
  }
  await expectDraft('drafts.indicator-iv', ['order', 'price']).toEqual([16, 675])

  await other.close()
  await expect(editingElsewhere).toHaveCount(0, {timeout: 15_000})
})

test('a poster uploaded in the Studio is stored by the lake, referenced by the draft and shown back', async ({
  page,
}) => {
  await openDocument(page, 'indicator;indicator-option-greeks')
  const posterRef = async () =>
    (
      (await lakeDocument('drafts.indicator-option-greeks'))?.demoVideo as
        {poster?: {asset?: {_ref?: string}}} | undefined
    )?.poster?.asset?._ref
  // The demo video's two upload buttons: the clip's first, the poster image's second. The Studio reads the file,
  // then uploads it. Twice under a loaded machine nothing was uploaded at all (the form still loading its image
  // input as the file was picked): if nothing comes, the editor picks the file again. Bounds, not speed checks.
  await expect(async () => {
    await page.getByRole('button', {name: 'Upload', exact: true}).nth(1).setInputFiles(posterFile)
    await expect.poll(posterRef, {timeout: 15_000}).toMatch(/^image-[a-f0-9]{40}-\d+x\d+-webp$/)
  }).toPass({timeout: 60_000})
  const asset = await lakeDocument((await posterRef()) ?? '')
  expect(asset).toMatchObject({
    _type: 'sanity.imageAsset',
    originalFilename: 'option-greeks.webp',
    size: readFileSync(posterFile).length,
  })
  const shown = page.locator(`img[src*="${String(asset?.sha1hash)}"]`).first()
  await expect(shown).toBeVisible({timeout: 15_000})
  // Shown once the lake's image answers: visible before its bytes arrive, the element is then a decoded image.
  await expect
    .poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
})

test('searching the list finds indicators by words anywhere in them', async ({page}) => {
  await openInStudio(page, '/structure/indicator')
  const list = page.getByRole('listbox', {name: 'TradingView indicators'})
  await expect(list.getByRole('option')).not.toHaveCount(0)
  await page.getByRole('combobox', {name: 'Search list'}).fill('breakout')
  await expect(list.getByRole('option')).toHaveText([/^Strangle/])
  // By prefix, in a document created above ("Gamma Scalper … gamma-scalping windows").
  await page.getByRole('combobox', {name: 'Search list'}).fill('scalp')
  await expect(list.getByRole('option')).toHaveText([/^Gamma Scalper/])
})
