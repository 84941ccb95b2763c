// A campaign page as visitors meet it, the seeded example at 1280 and 390 px wide: its sections in the site's own
// look (the home page's hero, the indicators page's cards, the contact page's form), an indicator's card opening
// its dialog, axe finding nothing, and the estimate form working from the first paint on a throttled phone: a lead
// sent before the scripts run is stored once, naming this page as its form's page and the campaign that brought it.
import type {Page, Route} from '@playwright/test'
import {
  hydrated,
  openUntilFirstPaint,
  scriptsHaveRun,
  throttleLikeAMobile,
} from '@quantedge/test-support/mobileThrottling'
import {violations} from './support/axe.ts'
import {fillEstimateForm, TYPED_ROW} from './support/estimateForm.ts'
import {expect, openHydrated, test} from './support/fixtures.ts'
import {leadOwner, uniqueEmail} from './support/supabase.ts'

const PAGE = '/example-festival-offer'

/** The styles that make a part look like the site's: the same on the landing page as on the site's own page. */
const lookOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element)
      return {
        background: style.backgroundColor,
        border: style.border,
        radius: style.borderRadius,
        padding: style.padding,
        font: `${style.fontWeight} ${style.fontFamily}`,
      }
    })

for (const width of [1280, 390]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({viewport: {width, height: 900}})

    test('the sections show in order, in the site’s look, and nothing scrolls sideways', async ({
      page,
    }) => {
      await openHydrated(page, PAGE)
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        'Trade the festival season with a clear view',
      )
      await expect(page.locator('main .section-title')).toHaveText([
        'The indicators on offer',
        'Terms of the offer',
        'Tell us about your strategy',
      ])
      const cards = page.locator('li.indicator-card')
      await expect(cards.locator('.card-title')).toHaveText(['Straddle', 'Strangle'])
      await expect(cards.locator('.card-price')).toHaveText(['₹500', '₹500'])
      await expect(page.getByText('Access is for one TradingView account')).toBeVisible()
      await expect(page.getByRole('link', {name: 'See all indicators'})).toHaveAttribute(
        'href',
        '/tradingview',
      )
      await expect(page.getByRole('link', {name: 'Get a free estimate'})).toHaveAttribute(
        'href',
        '#estimate',
      )
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )

      const landing = {
        hero: await lookOf(page, '.hero-title'),
        card: await lookOf(page, 'li.indicator-card'),
        form: await lookOf(page, 'form.estimate-form'),
      }
      await page.goto('/')
      const hero = await lookOf(page, '.hero-title')
      await page.goto('/tradingview')
      const card = await lookOf(page, 'li.indicator-card')
      await page.goto('/contactus')
      const form = await lookOf(page, 'form.estimate-form')
      expect(landing).toEqual({hero, card, form})
    })

    test('an indicator’s card opens its dialog, with the price and how to buy', async ({page}) => {
      await openHydrated(page, PAGE)
      await page.getByRole('button', {name: 'Buy Now Strangle'}).click()
      const dialog = page.getByRole('dialog', {name: 'Strangle'})
      await expect(dialog).toBeVisible()
      await expect(dialog.locator('.modal-price')).toHaveText('₹500')
      await expect(dialog.getByRole('link', {name: /^Buy Now/})).toHaveAttribute('target', '_blank')
      await dialog.getByRole('button', {name: 'Close'}).click()
      await expect(dialog).toBeHidden()
    })

    test('axe finds no violation, with the dialog closed and open', async ({page}) => {
      await openHydrated(page, PAGE)
      expect(await violations(page)).toEqual([])
      await page.getByRole('button', {name: 'Buy Now Straddle'}).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      expect(await violations(page)).toEqual([])
    })
  })
}

test.describe('on a phone under mobile throttling', () => {
  test.use({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true})

  test('an estimate sent before the scripts run is stored once, from this page, with the campaign that brought it', async ({
    context,
    page,
  }) => {
    await throttleLikeAMobile(context, page)
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.+\.js$/, async (route: Route) => {
      await released
      await route.continue()
    })
    const email = uniqueEmail('landing')
    await openUntilFirstPaint(
      page,
      `${PAGE}?utm_source=instagram&utm_medium=social&utm_campaign=festival`,
    )
    await page.getByRole('link', {name: 'Get a free estimate'}).tap()
    const form = await fillEstimateForm(page, email)
    await form.getByRole('button', {name: 'Submit'}).tap()
    expect(await scriptsHaveRun(page), 'the scripts have not run yet').toBe(false)
    release()
    await hydrated(page)
    await expect(form.getByRole('status')).toHaveText('Estimate request submitted successfully!')
    const {data} = await leadOwner()
      .from('free_estimate_requests')
      .select(
        'name, phone, platforms, requirements, description, first_source, first_campaign, first_landing_page, form_page',
      )
      .eq('email', email)
    expect(data).toEqual([
      {
        name: TYPED_ROW.name,
        phone: TYPED_ROW.phone,
        platforms: TYPED_ROW.platforms,
        requirements: TYPED_ROW.requirements,
        description: TYPED_ROW.description,
        first_source: 'instagram',
        first_campaign: 'festival',
        first_landing_page: PAGE,
        form_page: PAGE,
      },
    ])
  })
})
