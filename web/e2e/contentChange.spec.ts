// A marketer's change reaches the site: a value changed in a Content Lake through @sanity/client shows on
// the page after a rebuild. Uses a lake and a build of its own, not the shared test site.
import {startSiteServer} from '@quantedge/site-server/server'
import {expect, test} from './support/fixtures.ts'
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'

test('a price and a plan feature changed in the lake appear after a rebuild', async ({page}) => {
  test.setTimeout(120_000)
  const lake = await startSeededLake()
  try {
    await testLakeClient(lake.url)
      .transaction()
      .patch('indicator-straddle', (patch) => patch.set({price: 650}))
      .patch('plan-index-quant-metrics', (patch) =>
        patch.set({'features[0]': 'Top 5 premium indicators included'}),
      )
      .commit()
    const build = await buildSiteFrom(lake)
    const site = await startSiteServer(build.root, 0)
    try {
      await page.goto(`${site.url}/tradingview`)
      const straddle = page.locator('li.indicator-card').filter({hasText: 'Straddle'}).first()
      await expect(straddle.getByText('₹650')).toBeVisible()
      await expect(
        page.locator('li.indicator-card').filter({hasText: 'Strangle'}).getByText('₹500'),
      ).toBeVisible()
      await page.goto(`${site.url}/`)
      await expect(page.getByText('Top 5 premium indicators included')).toBeVisible()
    } finally {
      await site.close()
      build.remove()
    }
  } finally {
    await lake.close()
  }
})
