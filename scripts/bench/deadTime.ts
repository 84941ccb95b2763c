// Dead time: on a phone under Lighthouse's mobile throttling, how long after the first paint a tap on a
// control first does its job. Each control is tried on a fresh load, the first tap right after the first
// paint, then again every 50 ms until it works; a control that works at the first tap has no dead time.
import {chromium, type Browser, type Page} from '@playwright/test'
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '@quantedge/test-support/chromium'
import {
  hydrated,
  openUntilFirstPaint,
  throttleLikeAMobile,
} from '@quantedge/test-support/mobileThrottling'
import {sitemapPaths} from '@quantedge/schemas/pages'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'

type Control = 'menu' | 'buyNow' | 'login'
export type DeadTimeRow = {path: string; hydratedMs: number} & Partial<Record<Control, number>>

/** The routes where a dead control is a lost visitor: each must answer at the first tap. */
const ZERO_DEAD_TIME_PATHS = ['/', '/tradingview', '/contactus']

const RETRY_MS = 50
const GIVE_UP_MS = 30_000

/** What a tap on each control must have done, and the taps that make it. */
const CONTROLS: Record<
  Control,
  {
    on: (path: string) => boolean
    tap: (page: Page) => Promise<void>
    done: (page: Page) => Promise<boolean>
  }
> = {
  menu: {
    on: () => true,
    tap: (page) => page.getByRole('button', {name: 'Menu'}).tap({timeout: 1000}),
    done: (page) => page.locator('nav.site-nav').evaluate((nav) => nav.matches(':popover-open')),
  },
  buyNow: {
    on: (path) => path === '/tradingview',
    tap: (page) =>
      page
        .getByRole('button', {name: /^Buy Now/})
        .first()
        .tap({timeout: 1000}),
    done: (page) => page.locator('dialog.modal[open]').isVisible(),
  },
  login: {
    on: () => true,
    tap: async (page) => {
      await page.getByRole('button', {name: 'Menu'}).tap({timeout: 1000})
      await page.getByRole('button', {name: 'Login'}).tap({timeout: 1000})
    },
    done: (page) => page.getByRole('dialog', {name: 'Welcome Back'}).isVisible(),
  },
}

export async function benchDeadTime(): Promise<DeadTimeRow[]> {
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake).finally(() => lake.close())
  const site = await startSiteServer(build.root, 0)
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS})
  try {
    const rows: DeadTimeRow[] = []
    for (const path of sitemapPaths) {
      const row: DeadTimeRow = {
        path,
        hydratedMs: await hydrationAfterFirstPaint(browser, `${site.url}${path}`),
      }
      for (const [control, {on}] of Object.entries(CONTROLS) as [
        Control,
        (typeof CONTROLS)[Control],
      ][]) {
        if (on(path)) row[control] = await deadTime(browser, `${site.url}${path}`, control)
      }
      rows.push(row)
      console.error(`  measured ${path}`)
    }
    return rows
  } finally {
    await browser.close()
    await site.close()
    build.remove()
  }
}

async function throttledPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: {width: 390, height: 844},
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await throttleLikeAMobile(context, page)
  return page
}

const sinceFirstPaint = (page: Page) =>
  page.evaluate(
    () => performance.now() - (performance.getEntriesByType('paint')[0]?.startTime ?? 0),
  )

async function deadTime(browser: Browser, url: string, control: Control): Promise<number> {
  const page = await throttledPage(browser)
  const {tap, done} = CONTROLS[control]
  try {
    await openUntilFirstPaint(page, url)
    let failedBefore = false
    for (;;) {
      const tappedAt = await sinceFirstPaint(page)
      await tap(page).catch(() => {})
      if (await done(page)) return failedBefore ? Math.round(tappedAt) : 0
      if (tappedAt > GIVE_UP_MS)
        throw new Error(
          `${control} on ${url} still does nothing ${GIVE_UP_MS} ms after the first paint`,
        )
      failedBefore = true
      await page.keyboard.press('Escape')
      await page.waitForTimeout(RETRY_MS)
    }
  } finally {
    await page.context().close()
  }
}

/** When React had taken the page over, for comparison: the window in which only the HTML answers. */
async function hydrationAfterFirstPaint(browser: Browser, url: string) {
  const page = await throttledPage(browser)
  try {
    await openUntilFirstPaint(page, url)
    await hydrated(page)
    return Math.round(await sinceFirstPaint(page))
  } finally {
    await page.context().close()
  }
}

export function deadTimeTable(rows: DeadTimeRow[]): string {
  const cell = (value: number | undefined) => (value === undefined ? '—' : String(value))
  const header =
    '| route | menu dead ms | Buy Now dead ms | Login dead ms | hydrated ms after first paint |\n|---|---|---|---|---|'
  return [
    header,
    ...rows.map(
      (row) =>
        `| ${row.path} | ${cell(row.menu)} | ${cell(row.buyNow)} | ${cell(row.login)} | ${row.hydratedMs} |`,
    ),
  ].join('\n')
}

export function deadTimeTargetsMissed(rows: DeadTimeRow[]): string[] {
  return rows
    .filter((row) => ZERO_DEAD_TIME_PATHS.includes(row.path))
    .flatMap((row) =>
      (['menu', 'buyNow', 'login'] as const)
        .filter((control) => (row[control] ?? 0) > 0)
        .map(
          (control) => `${row.path}: ${control} dead for ${row[control]} ms after the first paint`,
        ),
    )
}
