// An editor uploads a 4000x3000 photo (about 5 MB) as the first poster of /tradingview, and another as the second:
// a phone gets the first inlined in the page as a small WebP of the poster's box, and the second as one variant
// sized for its screen, in a modern format; nothing on the page moves as they arrive. Uses a lake of its own that
// stays up while the page loads: uploaded images are served by the lake, as by Sanity's CDN.
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

test('two 12-megapixel photos as posters reach a 390 px phone as at most 100 KB each, without a layout shift', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const lake = await startSeededLake()
  try {
    const client = testLakeClient(lake.url)
    const [first, second] = [await photo(4000, 3000), await photo(4000, 3001)]
    expect(first.length).toBeGreaterThan(4_000_000)
    const uploaded = await Promise.all(
      [first, second].map((bytes) => client.assets.upload('image', bytes)),
    )
    for (const [index, id] of ['indicator-straddle', 'indicator-strangle'].entries())
      await client
        .patch(id)
        .set({
          'demoVideo.poster': {
            _type: 'image',
            asset: {_type: 'reference', _ref: uploaded[index]?._id},
          },
        })
        .commit()
    const build = await buildSiteFrom(lake)
    const site = await startSiteServer(build.root, 0)
    try {
      const downloads: Promise<{url: string; type: string | undefined; bytes: number}>[] = []
      page.on('response', (response) => {
        if (!uploaded.some(({sha1hash}) => response.url().includes(sha1hash))) return
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
      const posters = page.locator('li.indicator-card .demo-poster img')
      const shown = (index: number) =>
        posters
          .nth(index)
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)

      // The first: in the page itself, no request to the lake.
      await expect.poll(() => shown(0)).toBe(true)
      const inlined = await posters.nth(0).getAttribute('src')
      expect(inlined).toMatch(/^data:image\/webp;base64,/)
      expect(Buffer.from(inlined?.split(',')[1] ?? '', 'base64').length).toBeLessThanOrEqual(
        PHONE_BUDGET_BYTES,
      )

      // The second, once scrolled to: one variant for 302 px (390 less the page's and card's padding) at 2 device
      // pixels a pixel, the 640 px one, never the 5 MB photo.
      await posters.nth(1).scrollIntoViewIfNeeded()
      await expect.poll(() => shown(1)).toBe(true)
      await page.waitForLoadState('networkidle')
      const fetched = await Promise.all(downloads)
      expect(fetched.map(({url}) => url.includes(uploaded[1]?.sha1hash ?? '-'))).toEqual([true])
      const [variant] = fetched
      expect(variant?.bytes).toBeLessThanOrEqual(PHONE_BUDGET_BYTES)
      expect(variant?.type).toMatch(/^image\/(avif|webp)$/)
      expect(new URL(variant?.url ?? '').searchParams.get('w')).toBe('640')
      expect(await posters.nth(1).evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(
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
