// An editor uploads a 4000x3000 photo (about 5 MB) as the first poster of /tradingview: a phone downloads a
// variant of it sized for its screen, in a modern format, and nothing on the page moves as it arrives. Uses a lake
// of its own that stays up while the page loads: uploaded images are served by the lake, as by Sanity's CDN.
import {photo} from '@quantedge/content-lake/testImages'
import {testLakeClient} from '@quantedge/content-lake/testLake'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {expect, test} from './support/fixtures.ts'

const PHONE_BUDGET_BYTES = 100_000

test.use({
  viewport: {width: 390, height: 844},
  deviceScaleFactor: 2,
  hasTouch: true,
  isMobile: true,
})

test('a 4000x3000 photo as the first poster reaches a 390 px phone as at most 100 KB, without a layout shift', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const lake = await startSeededLake()
  try {
    const client = testLakeClient(lake.url)
    const original = await photo(4000, 3000)
    const asset = await client.assets.upload('image', original, {filename: 'straddle-photo.jpg'})
    await client
      .patch('indicator-straddle')
      .set({'demoVideo.poster': {_type: 'image', asset: {_type: 'reference', _ref: asset._id}}})
      .commit()
    const build = await buildSiteFrom(lake)
    const site = await startSiteServer(build.root, 0)
    try {
      const downloads: Promise<{url: string; type: string | undefined; bytes: number}>[] = []
      page.on('response', (response) => {
        if (!response.url().includes(asset.sha1hash)) return
        downloads.push(
          response.body().then((body) => ({
            url: response.url(),
            type: response.headers()['content-type'],
            bytes: body.length,
          })),
        )
      })
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, {layoutShifts: shifts})
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {value: number})[])
            shifts.push(entry.value)
        }).observe({type: 'layout-shift', buffered: true})
      })
      await page.goto(`${site.url}/tradingview`)
      const poster = page.locator('li.indicator-card').first().locator('.demo-poster img')
      await expect
        .poll(() =>
          poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0)
      await page.waitForLoadState('networkidle')

      const fetched = await Promise.all(downloads)
      expect(original.length).toBeGreaterThan(4_000_000)
      expect(fetched).toHaveLength(1)
      const [variant] = fetched
      expect(variant?.bytes).toBeLessThanOrEqual(PHONE_BUDGET_BYTES)
      expect(variant?.type).toMatch(/^image\/(avif|webp)$/)
      // 302 px (390 less the page's and card's padding) at 2 device pixels a pixel: the 640 px variant, one fetch.
      expect(new URL(variant?.url ?? '').searchParams.get('w')).toBe('640')
      expect(await poster.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(
        variant?.url,
      )
      expect(await page.evaluate(() => (window as {layoutShifts?: number[]}).layoutShifts)).toEqual(
        [],
      )
    } finally {
      await site.close()
      build.remove()
    }
  } finally {
    await lake.close()
  }
})
