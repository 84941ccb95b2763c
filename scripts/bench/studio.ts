// The Studio on the embedded lake as an editor opens it, in Debian's full Chromium with a fresh profile: how long
// from the navigation until the indicator list shows its documents, and until Straddle's form can be typed in,
// in a browser that trusts no local authority (plain HTTP, the event streams spread by the service worker) and
// in one whose NSS store `npm run trust` filled (HTTP/2). Each run is a new browser, so nothing is cached.
import {dirname} from 'node:path'
import type {Page} from '@playwright/test'
import {CHROMIUM_PATH} from '@quantedge/test-support/chromium'
import {editorBrowser, emptyHome, trustedHome} from '@quantedge/test-support/editorBrowser'
import {startEditorialStack} from '@quantedge/test-support/editorialStack'
import {percentile} from './percentile.ts'

const WAIT_MS = 120_000

type Timings = {p50Ms: number; maxMs: number}
export type StudioRow = {browser: string; fastPath: boolean; list: Timings; form: Timings}

const timings = (samples: number[]): Timings => {
  const sorted = samples.toSorted((a, b) => a - b)
  return {p50Ms: percentile(sorted, 50), maxMs: sorted.at(-1) ?? Number.NaN}
}

/** Milliseconds from navigating to `url` until `ready` resolves. */
async function timeUntil(page: Page, url: string, ready: () => Promise<void>) {
  const started = performance.now()
  await page.goto(url)
  await ready()
  return Math.round(performance.now() - started)
}

export async function benchStudio(runs: number): Promise<StudioRow[]> {
  const stack = await startEditorialStack({studio: true})
  const studio = stack.studio?.url ?? ''
  const rows: StudioRow[] = []
  try {
    const homes = [
      {browser: 'trusts no local authority', home: emptyHome()},
      {
        browser: 'trusts it (npm run trust)',
        home: await trustedHome(dirname(stack.lake.authorityPath ?? '')),
      },
    ]
    for (const {browser: name, home} of homes) {
      const list: number[] = []
      const form: number[] = []
      let fastPath = false
      for (let run = 0; run < runs; run++) {
        const browser = await editorBrowser(CHROMIUM_PATH, home.path)
        try {
          const page = await (
            await browser.newContext({viewport: {width: 1400, height: 900}})
          ).newPage()
          list.push(
            await timeUntil(page, `${studio}/structure/indicator`, async () => {
              const options = page
                .getByRole('listbox', {name: 'TradingView indicators'})
                .getByRole('option')
              await options.first().waitFor({timeout: WAIT_MS})
            }),
          )
          form.push(
            await timeUntil(page, `${studio}/structure/indicator;indicator-straddle`, () =>
              page
                .getByLabel('Price (₹)', {exact: true})
                .and(page.locator(':not([readonly]):not([disabled])'))
                .waitFor({timeout: WAIT_MS}),
            ),
          )
          fastPath = await page.evaluate(
            () =>
              (globalThis as {quantedgeLakeRoute?: {fastPath: boolean}}).quantedgeLakeRoute
                ?.fastPath ?? false,
          )
        } finally {
          await browser.close()
        }
      }
      home.remove()
      rows.push({browser: name, fastPath, list: timings(list), form: timings(form)})
    }
  } finally {
    await stack.close()
  }
  return rows
}

export const studioTable = (rows: StudioRow[]) =>
  [
    '| browser | route to the lake | indicator list shown p50 / max ms | Straddle form ready p50 / max ms |',
    '|---|---|---|---|',
    ...rows.map(
      ({browser, fastPath, list, form}) =>
        `| ${browser} | ${fastPath ? 'HTTP/2 over TLS' : 'HTTP/1.1 over the plain and stream ports (service worker)'} | ${list.p50Ms} / ${list.maxMs} | ${form.p50Ms} / ${form.maxMs} |`,
    ),
  ].join('\n')
