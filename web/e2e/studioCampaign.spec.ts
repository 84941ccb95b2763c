// Marketing's campaign page in the real Studio, driven in Chromium as an editor would, with the site behind the
// local edge (Varnish) as visitors reach it: a landing page composed from sections (a hero, two indicators, terms,
// the estimate form), previewed as a draft, published and answered at its address through the edge; then edited,
// reordered and deleted (its address answers 404 again); and a redirect made in the Studio answering through the
// edge. The setup (the stack, the editor's browser) is support/studioEditor.ts's.
import type {Page} from '@playwright/test'
import type {EditorialStack} from '@quantedge/test-support/editorialStack'
import {expect} from './support/fixtures.ts'
import {
  field,
  openInStudio,
  studioStack,
  studioTest as test,
  typeIntoField,
  useStudioStack,
} from './support/studioEditor.ts'

useStudioStack({edge: true})
let stack: EditorialStack
test.beforeAll(() => {
  stack = studioStack()
})

const ADDRESS = '/budget-day-offer'

type Stored = {
  _id: string
  slug?: {current?: string}
  sections?: {_type: string; heading?: string}[]
}

/** The landing page the editor is making, as the lake holds it (its draft, or once published the page). */
const stored = (draft: boolean) =>
  stack.editor.fetch<Stored | null>(
    '*[_type == "landingPage" && title == "Budget day offer" && (_id in path("drafts.**")) == $draft][0]',
    {draft},
    {perspective: 'raw'},
  )

/** What the edge answers at `path`, redirects not followed. */
async function throughEdge(path: string) {
  const response = await fetch(`${stack.edge!.url}${path}`, {redirect: 'manual'})
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  }
}

const publishButton = (page: Page) => page.getByRole('button', {name: 'Publish', exact: true})
const sections = (page: Page) => page.getByTestId('field-sections')

/** Adds a section of `type` from the sections' insert menu; the Studio opens its fields in a dialog. */
async function addSection(page: Page, type: string) {
  await sections(page).getByRole('button', {name: 'Add item...'}).click()
  await page.getByRole('menuitem', {name: type, exact: true}).click()
  return page.getByRole('dialog').last()
}

/** Closes the section's dialog, as the editor does with its close button. */
async function closeSection(page: Page) {
  await page.getByRole('dialog').last().getByRole('button', {name: 'Close dialog'}).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

/**
 * Publishes the open document once the Studio has validated it (its references and its address are asked of the
 * lake: seconds on a busy machine; a CI run with the machine loaded four times over took over 30 s), pressing again
 * if the first press came while it was still validating (as studio.spec.ts does).
 */
async function publish(page: Page) {
  await expect(publishButton(page)).toBeEnabled({timeout: 90_000})
  await expect(async () => {
    await publishButton(page).click({timeout: 5000})
    await expect.poll(() => stored(false), {timeout: 10_000}).not.toBeNull()
  }).toPass({timeout: 60_000})
}

/** The sections of the page's draft as the lake holds them: each one's type and heading. */
const storedSections = async () =>
  (await stored(true))?.sections?.map(({_type, heading}) => `${_type}: ${heading ?? ''}`)

test('compose a landing page from sections, preview its draft, publish it: it answers at its address through the edge', async ({
  page,
}) => {
  test.setTimeout(240_000)
  expect((await throughEdge(ADDRESS)).status).toBe(404)
  await openInStudio(page, '/structure/landingPage')
  await page.getByTestId('action-intent-button').click()
  await typeIntoField(page, 'Title', 'Budget day offer')
  await page.getByRole('button', {name: 'Generate'}).click()
  await expect(field(page, 'Address')).toHaveValue('budget-day-offer')
  await typeIntoField(page, 'Page title', 'Budget day offer — QuantEdge')
  await typeIntoField(
    page,
    'Meta description',
    'Two options indicators for budget day, the terms of the offer, and a free estimate for your strategy.',
  )

  // The insert menu offers each section in its group, and a picture of each in its grid view.
  await sections(page).getByRole('button', {name: 'Add item...'}).click()
  await page.getByRole('tab', {name: 'Leads'}).click()
  await expect(page.getByRole('menuitem')).toHaveText(['Estimate form', 'Call to action'])
  await page.getByRole('tab', {name: 'All'}).click()
  // The menu's first button switches between its list and its grid of pictures (studio/static/sections).
  const insertMenu = page.locator('[data-ui="Popover"]').last()
  await insertMenu.getByRole('button').first().click()
  await expect
    .poll(() =>
      insertMenu
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
    )
    .toEqual([240, 240, 240, 240, 240])
  await page.keyboard.press('Escape')

  const hero = await addSection(page, 'Hero')
  await typeIntoField(hero, 'Heading', 'Budget day: trade the volatility')
  await typeIntoField(hero, 'Tagline', 'Straddle and Strangle for the day the markets move most.')
  await closeSection(page)

  const offerings = await addSection(page, 'Offerings')
  await typeIntoField(offerings, 'Heading', 'Two indicators for the day')
  for (const name of ['Straddle', 'Strangle']) {
    await offerings.getByRole('button', {name: 'Add item'}).click()
    await offerings.getByRole('combobox').last().fill(name)
    await page.getByRole('option', {name: new RegExp(`^${name} ₹500`)}).click()
  }
  await closeSection(page)

  const terms = await addSection(page, 'Text')
  await typeIntoField(terms, 'Heading', 'Terms of the offer')
  await terms.getByRole('textbox').last().click()
  await page.keyboard.type(
    'Each indicator is ₹500, paid once. Educational only; trading carries a risk of total loss.',
  )
  await closeSection(page)

  const form = await addSection(page, 'Estimate form')
  await typeIntoField(form, 'Heading', 'Tell us about your budget-day plan')
  await closeSection(page)

  // Each section shows in the list with its title and its picture.
  await expect(sections(page).getByTestId('default-preview__header')).toHaveText([
    /Budget day: trade the volatility/,
    /Two indicators for the day/,
    /Terms of the offer/,
    /Tell us about your budget-day plan/,
  ])
  await expect(sections(page).getByTestId('Media')).toHaveCount(4)
  // The Studio saves an edit a second after the last keystroke, and a pane closed before that drops it: the draft
  // then lacked the form's heading and the Studio refused to publish it (seen in CI, and here under a probe of the
  // Studio's requests: no save after the heading was typed). An editor waits for the edit to show as saved; this
  // waits for the lake to hold every section with its heading.
  await expect
    .poll(storedSections, {timeout: 15_000})
    .toEqual([
      'hero: Budget day: trade the volatility',
      'offerings: Two indicators for the day',
      'textSection: Terms of the offer',
      'estimateForm: Tell us about your budget-day plan',
    ])

  // The Presentation tool shows the draft at its address, through the preview server.
  await openInStudio(page, `/presentation?preview=${ADDRESS}`)
  const frame = page.frameLocator('iframe').first()
  await expect(frame.getByRole('region', {name: 'Preview'})).toContainText(
    'this page shows unpublished drafts',
    {
      timeout: 30_000,
    },
  )
  await expect(frame.getByRole('heading', {level: 1})).toContainText(
    'Budget day: trade the volatility',
  )
  await expect(frame.locator('li.indicator-card .card-title')).toHaveText([/Straddle/, /Strangle/])
  expect((await throughEdge(ADDRESS)).status).toBe(404)
  // Its text carries visual editing's markers: a click on the heading opens the page's document beside it.
  await expect(field(page, 'Title')).toHaveCount(0)
  // Clicked again if the first click came before visual editing's overlay was ready (seen once under load).
  await expect(async () => {
    await frame.getByRole('heading', {level: 1}).click()
    await expect(field(page, 'Title')).toHaveValue('Budget day offer', {timeout: 5000})
  }).toPass({timeout: 45_000})

  await openInStudio(
    page,
    `/structure/landingPage;${(await stored(true))!._id.replace(/^drafts\./, '')}`,
  )
  await publish(page)
  await expect
    .poll(async () => (await throughEdge(ADDRESS)).body, {timeout: 30_000})
    .toContain('Budget day: trade the volatility')
  const live = await throughEdge(ADDRESS)
  expect(live.status).toBe(200)
  expect(live.body).toContain('Tell us about your budget-day plan')
  await expect
    .poll(async () => (await throughEdge('/sitemap.xml')).body)
    .toContain(`${ADDRESS}</loc>`)
})

test('edit and reorder its sections, then delete it: the edge shows each, then answers 404', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const id = (await stored(false))!._id
  await openInStudio(page, `/structure/landingPage;${id}`)
  await expect(publishButton(page)).toBeVisible({timeout: 30_000})

  await sections(page)
    .getByRole('button', {name: /Budget day: trade the volatility/})
    .click()
  await typeIntoField(
    page.getByRole('dialog').last(),
    'Heading',
    'Budget day: the volatility, traded',
  )
  await closeSection(page)
  // The terms move above the indicators: dragged by their handle, as an editor does.
  const handles = sections(page).locator('[data-sanity-icon="drag-handle"]')
  const termsHandle = handles.nth(2)
  const offeringsHandle = handles.nth(1)
  await termsHandle.hover()
  await page.mouse.down()
  const target = (await offeringsHandle.boundingBox())!
  await page.mouse.move(target.x + target.width / 2, target.y + 2, {steps: 12})
  await page.mouse.up()
  await expect
    .poll(storedSections, {timeout: 15_000})
    .toEqual([
      'hero: Budget day: the volatility, traded',
      'textSection: Terms of the offer',
      'offerings: Two indicators for the day',
      'estimateForm: Tell us about your budget-day plan',
    ])
  await expect(publishButton(page)).toBeEnabled({timeout: 90_000})
  await publishButton(page).click()
  await expect
    .poll(async () => (await throughEdge(ADDRESS)).body, {timeout: 30_000})
    .toContain('Budget day: the volatility, traded')
  const body = (await throughEdge(ADDRESS)).body
  expect(body.indexOf('Terms of the offer')).toBeLessThan(
    body.indexOf('Two indicators for the day'),
  )

  await page.getByRole('button', {name: 'Open document actions'}).click()
  await page.getByRole('menuitem', {name: 'Delete'}).click()
  await page
    .getByRole('dialog')
    .getByRole('button', {name: /^Delete/})
    .click()
  await expect.poll(async () => (await throughEdge(ADDRESS)).status, {timeout: 30_000}).toBe(404)
  expect((await throughEdge(ADDRESS)).body).toContain('Page not found')
  await expect
    .poll(async () => (await throughEdge('/sitemap.xml')).body)
    .not.toContain(`${ADDRESS}</loc>`)
})

test('a redirect made in the Studio answers through the edge', async ({page}) => {
  test.setTimeout(120_000)
  await openInStudio(page, '/structure/redirect')
  await page.getByTestId('action-intent-button').click()
  await typeIntoField(page, 'From', ADDRESS)
  await typeIntoField(page, 'To', '/tradingview')
  await expect(page.getByRole('checkbox', {name: 'Permanent'})).toBeChecked()
  await expect(async () => {
    await publishButton(page).click({timeout: 5000})
    await expect.poll(async () => (await throughEdge(ADDRESS)).status, {timeout: 10_000}).toBe(301)
  }).toPass({timeout: 60_000})
  expect((await throughEdge(ADDRESS)).location).toBe('/tradingview')
})
