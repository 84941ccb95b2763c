// The header and footer on every page, the Services anchor's 80 px offset, and the mobile menu.
import {sitemapPaths} from '@quantedge/schemas/pages'
import {expect, openHydrated, test} from './support/fixtures.ts'
import {seed} from './support/seed.ts'

const HEADER_LINKS = [
  ['Services', '/#services'],
  ['About', '/teampage'],
  ['Contact Us', '/contactus'],
  ['Buy Now', '/#subscribe'],
] as const

for (const path of ['/', '/tradingview', '/teampage', '/privacy', '/no-such-page']) {
  test(`header and footer on ${path}`, async ({page}) => {
    await page.goto(path)
    const header = page.getByRole('banner')
    await expect(
      header.getByRole('link', {name: `${seed.siteSettings.siteName} home`}),
    ).toHaveAttribute('href', '/')
    const nav = header.getByRole('navigation', {name: 'Main'})
    for (const [name, href] of HEADER_LINKS) {
      await expect(nav.getByRole('link', {name, exact: true})).toHaveAttribute('href', href)
    }

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', {name: 'Team'})).toHaveAttribute('href', '/teampage')
    await expect(footer.getByRole('link', {name: 'Disclaimer'})).toHaveAttribute(
      'href',
      '/disclaimer',
    )
    await expect(footer.getByRole('link', {name: 'Privacy Policy'})).toHaveAttribute(
      'href',
      '/privacy',
    )
    await expect(footer.getByRole('link', {name: 'Terms & Conditions'})).toHaveAttribute(
      'href',
      '/terms',
    )
    await expect(footer.getByRole('link', {name: seed.siteSettings.contactEmail})).toHaveAttribute(
      'href',
      `mailto:${seed.siteSettings.contactEmail}`,
    )
    const social = footer.getByRole('list', {name: 'Social profiles'}).getByRole('link')
    await expect(social).toHaveCount(4)
    for (const [index, profile] of seed.siteSettings.socialProfiles.entries()) {
      await expect(social.nth(index)).toHaveAttribute('href', profile.url)
      await expect(social.nth(index)).toHaveAttribute('target', '_blank')
      await expect(social.nth(index)).toHaveAttribute('rel', /noopener/)
    }
    await expect(footer.getByText(seed.siteSettings.footerDisclaimer)).toBeVisible()
  })
}

test('Learn items are plain text, not links', async ({page}) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const item of ['Tutorials', 'Discord', 'Blog']) {
    await expect(footer.getByText(item, {exact: true})).toBeVisible()
    await expect(footer.getByRole('link', {name: item, exact: true})).toHaveCount(0)
  }
})

test('Services from another page lands the section 80 px below the top of the viewport', async ({
  page,
}) => {
  await page.goto('/teampage')
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Services'}).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect
    .poll(async () => Math.round((await page.locator('#services').boundingBox())?.y ?? -1), {
      timeout: 5000,
    })
    .toBeGreaterThanOrEqual(76)
  await expect
    .poll(async () => Math.round((await page.locator('#services').boundingBox())?.y ?? -1), {
      timeout: 5000,
    })
    .toBeLessThanOrEqual(84)
})

test('Get Started scrolls to the integrations', async ({page}) => {
  await page.goto('/')
  await page.getByRole('link', {name: 'Get Started'}).click()
  await expect
    .poll(async () => Math.round((await page.locator('#services').boundingBox())?.y ?? -1))
    .toBe(80)
})

test.describe('at 390 px wide', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the navigation collapses into a menu that opens, closes on Escape and on navigation', async ({
    page,
  }) => {
    await openHydrated(page, '/')
    const toggle = page.getByRole('button', {name: 'Menu'})
    const nav = page.getByRole('navigation', {name: 'Main'})
    await expect(toggle).toHaveAttribute(
      'popovertarget',
      (await page.locator('nav.site-nav').getAttribute('id'))!,
    )
    await expect(nav).toBeHidden()

    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(nav).toBeVisible()
    for (const [name, href] of HEADER_LINKS) {
      await expect(nav.getByRole('link', {name, exact: true})).toHaveAttribute('href', href)
      await expect(nav.getByRole('link', {name, exact: true})).toBeVisible()
    }
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await nav.getByRole('link', {name: 'About'}).click()
    await expect(page).toHaveURL(/\/teampage$/)
    await expect(nav).toBeHidden()
    await toggle.click()
    await expect(nav, 'the menu still opens after a navigation').toBeVisible()
  })

  test('no page scrolls sideways', async ({page}) => {
    for (const path of ['/', '/tradingview', '/python', '/contactus', '/privacy']) {
      await page.goto(path)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

for (const [width, columns] of [
  [639, 1],
  [640, 2],
  [959, 2],
  [960, 3],
] as const) {
  test(`the indicators are ${columns} column(s) at ${width} px wide`, async ({page}) => {
    await page.setViewportSize({width, height: 900})
    await page.goto('/tradingview')
    const lefts = await page
      .locator('li.indicator-card')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().x))
    expect(new Set(lefts).size).toBe(columns)
  })
}

test.describe('at 320 px wide, the narrowest phone', () => {
  test.use({viewport: {width: 320, height: 640}})

  test('no page scrolls sideways', async ({page}) => {
    for (const path of [...sitemapPaths, '/no-such-page']) {
      await page.goto(path)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

test('the 404 page has the header, the footer and a way home, with status 404', async ({page}) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found')
  await expect(
    page.getByRole('main').getByRole('link', {name: 'Go to the home page'}),
  ).toHaveAttribute('href', '/')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

for (const slug of ['privacy', 'terms', 'disclaimer']) {
  test(`${slug} opens at the top, even when reached from the bottom of a page`, async ({page}) => {
    await openHydrated(page, '/tradingview')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page
      .getByRole('contentinfo')
      .getByRole('link', {
        name: {privacy: 'Privacy Policy', terms: 'Terms & Conditions', disclaimer: 'Disclaimer'}[
          slug
        ],
      })
      .click()
    await expect(page).toHaveURL(new RegExp(`/${slug}$`))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
}
