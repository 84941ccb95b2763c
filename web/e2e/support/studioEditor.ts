// The Studio's browser tests share this setup: an editorial stack with the real Studio built for its throwaway
// lake, and one editor's browser for the whole file, as an editor keeps one (signed in once, the Studio's files
// cached), with one Studio tab that each test takes on where the last left it, as an editor works in one tab all
// day. The lake's HTTP/2 certificate comes from a throwaway local authority; this browser accepts it.
import type {BrowserContext, Locator, Page} from '@playwright/test'
import type {Clock} from '@quantedge/content-lake/clock'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {watchCsp, type CspWatch} from './csp.ts'
import {expect, test as siteTest} from './fixtures.ts'

let stack: EditorialStack | undefined
let editor: BrowserContext | undefined
let studioTab: Page | undefined
/** The editor's browser's Content Security Policy violations: none may happen in the Studio or what it frames. */
let editorCsp: CspWatch | undefined

export const studioTest = siteTest.extend<{page: Page}>({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  page: async ({}, use) => {
    if (!studioTab || studioTab.isClosed()) studioTab = await editor!.newPage()
    await use(studioTab)
    for (const open of editor!.pages()) if (open !== studioTab) await open.close()
    expect(editorCsp!.take(), 'Content Security Policy violations in the Studio').toEqual([])
  },
})

/**
 * Opens `path` in the Studio. A tab already showing the Studio moves within it, as its links and the browser's
 * back and forward buttons do: the Studio's router follows the address through the `history` package (5.3), whose
 * browser history reads the location on each `popstate` (history/index.js, createBrowserHistory's handlePop); the
 * state carries the entry's index as that package writes it. Loading the Studio again would cost seconds of
 * processor time each.
 */
export async function openInStudio(page: Page, path: string) {
  const url = studioUrl(path)
  if (new URL(page.url()).origin !== new URL(url).origin) {
    await page.goto(url)
    return
  }
  await page.evaluate((target) => {
    const index = ((history.state as {idx?: number} | null)?.idx ?? 0) + 1
    history.pushState({usr: null, key: crypto.randomUUID().slice(0, 8), idx: index}, '', target)
    dispatchEvent(new PopStateEvent('popstate', {state: history.state}))
  }, url)
}

/**
 * An editor's window: wide enough for the Studio's panes, and asking for reduced motion, a setting editors have
 * too. The Studio then skips its transitions: the same screens without frames drawn for motion nobody watches
 * (the browser tests' compositing time halved) and nothing moving under a click.
 */
export const EDITOR_WINDOW = {
  viewport: {width: 1400, height: 900},
  reducedMotion: 'reduce',
} as const

/**
 * Starts the stack and the editor's browser before the file's tests, and stops them after; with `edge`, the site
 * behind the local edge (Varnish), as visitors reach it in production.
 */
export function useStudioStack({
  lakeClock,
  edge = false,
}: {lakeClock?: Clock; edge?: boolean} = {}) {
  // A Studio takes seconds to load on a busy machine: every test gets room for two of them.
  studioTest.describe.configure({mode: 'serial', timeout: 90_000})
  studioTest.beforeAll(async ({browser}) => {
    studioTest.setTimeout(180_000)
    stack = await startEditorialStack({studio: true, edge, ...(lakeClock ? {lakeClock} : {})})
    editor = await browser.newContext({...EDITOR_WINDOW, ignoreHTTPSErrors: true})
    editorCsp = await watchCsp(editor)
  })
  studioTest.afterAll(async () => {
    await editor?.close()
    await stack?.close()
  })
}

/** The stack the file's tests run on (started by useStudioStack). */
export function studioStack(): EditorialStack {
  if (!stack) throw new Error('studioStack() is used outside useStudioStack()')
  return stack
}

/** An address in the Studio. */
export const studioUrl = (path: string) => `${studioStack().studio?.url ?? ''}${path}`

/** A field of the open document's form (or of a dialog of it, such as an array item's), by its title. */
export const field = (within: Page | Locator, label: string) =>
  within.getByLabel(label, {exact: true})

/**
 * Types a value into a field of the open document's form, as an editor would: typed again until the field shows it.
 * A CI run found Spread's price unset after typing -1, the schema's message listed once per check of an empty
 * required price. Our reading: Playwright selects the old text, then types; while a pane finishes loading, the
 * Studio can render the input again between the two, and "-1" lands beside the old value, "500-1", which a number
 * input reads as empty.
 */
export async function typeIntoField(within: Page | Locator, label: string, value: string) {
  const input = field(within, label)
  await expect(async () => {
    if ((await input.inputValue({timeout: 2000})) !== value)
      await input.fill(value, {timeout: 2000})
    await expect(input).toHaveValue(value, {timeout: 1000})
  }).toPass({timeout: 20_000})
}
