// Script written into content does not run on the site: an indicator's description and the footer holding
// <script> and an inline event handler are shown as text, a rich-text link to `javascript:` is shown as text, and
// the pages' Content Security Policy stops what a bug in our rendering would let through: markup with an inline
// event handler, and a `javascript:` link, put into the page as such a bug would.
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {startSiteServer, type SiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {expect, openHydrated, test} from './support/fixtures.ts'

const SCRIPT = `<script>window.__pwned = 'description'</script>`
const HANDLER = `<img src="x" onerror="window.__pwned = 'handler'">`
const FOOTER = `"><script>window.__pwned = 'footer'</script>`

test.describe.configure({mode: 'serial'})

let site: SiteServer
let removeBuild: () => void

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const lake = await startSeededLake()
  try {
    await testLakeClient(lake.url)
      .transaction()
      .patch('indicator-straddle', (patch) => patch.set({description: `${SCRIPT} ${HANDLER}`}))
      .patch('siteSettings', (patch) => patch.set({footerDisclaimer: FOOTER}))
      .patch('legalPage-privacy', (patch) =>
        patch.insert('before', 'body[0]', [
          {
            _type: 'block',
            _key: 'injected',
            style: 'normal',
            markDefs: [{_type: 'link', _key: 'evil', href: "javascript:window.__pwned = 'link'"}],
            children: [{_type: 'span', _key: 'a', text: 'Claim your prize', marks: ['evil']}],
          },
        ]),
      )
      .commit()
    const build = await buildSiteFrom(lake)
    removeBuild = build.remove
    site = await startSiteServer(build.root, 0)
  } finally {
    await lake.close()
  }
})
test.afterAll(async () => {
  await site?.close()
  removeBuild?.()
})

const pwned = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as {__pwned?: string}).__pwned ?? null)

test('script and event handlers in a description and the footer are shown as text and never run', async ({
  page,
}) => {
  await openHydrated(page, `${site.url}/tradingview`)
  const straddle = page.locator('li.indicator-card').filter({hasText: 'Straddle'}).first()
  await expect(straddle).toContainText(SCRIPT)
  await expect(straddle).toContainText(HANDLER)
  await expect(page.getByRole('contentinfo')).toContainText(FOOTER)
  await straddle.getByRole('button', {name: /^Buy Now/}).click()
  await expect(page.getByRole('dialog')).toContainText(SCRIPT)
  expect(await pwned(page)).toBeNull()
})

test('a javascript: link in rich text is shown as text, and one a bug put in the page is refused by the policy', async ({
  page,
  csp,
}) => {
  await openHydrated(page, `${site.url}/privacy`)
  const prize = page.getByText('Claim your prize')
  await expect(prize).toBeVisible()
  expect(await prize.evaluate((element) => element.closest('a'))).toBeNull()

  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), {id: 'bug', textContent: 'bug'})
    link.setAttribute('href', "javascript:window.__pwned = 'link'")
    document.body.append(link)
  })
  await page.locator('#bug').click()
  expect((await csp.provoked(/script-src/)).join('\n')).toContain('script-src-elem blocked inline')
  expect(await pwned(page)).toBeNull()
})

test('markup with an inline event handler, put in the page by a bug, does not run', async ({
  page,
  csp,
}) => {
  await openHydrated(page, `${site.url}/`)
  await page.evaluate((markup) => document.body.insertAdjacentHTML('beforeend', markup), HANDLER)
  expect((await csp.provoked(/script-src/)).join('\n')).toMatch(/script-src-attr blocked inline/)
  expect(await pwned(page)).toBeNull()
})
