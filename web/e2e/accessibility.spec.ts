// axe-core finds no violation on any route, nor with the mobile menu or the indicator dialog open. The staff
// page's signed-in states are checked in staff.spec.ts, which makes a staff member.
import {sitemapPaths} from '@quantedge/schemas/pages'
import {violations} from './support/axe.ts'
import {expect, openHydrated, test} from './support/fixtures.ts'

const ROUTES = [...sitemapPaths, '/no-such-page', '/account/confirmed', '/account/reset-password']

for (const route of ROUTES) {
  test(`no violations on ${route}`, async ({page}) => {
    await page.goto(route)
    expect(await violations(page)).toEqual([])
  })
}

test('no violations on /staff, signed out, rendered in the browser', async ({page}) => {
  await page.goto('/staff')
  await expect(page.getByRole('heading', {name: 'Sign in to work the leads'})).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('no violations with the indicator dialog open', async ({page}) => {
  await openHydrated(page, '/tradingview')
  await page.getByRole('button', {name: 'Buy Now Straddle RSI'}).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('no violations with the sign-in dialog open, in each of its modes', async ({page}) => {
  await openHydrated(page, '/')
  await page.getByRole('banner').getByRole('button', {name: 'Login'}).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', {name: 'Welcome Back'})).toBeVisible()
  expect(await violations(page)).toEqual([])
  await dialog.getByRole('button', {name: 'Sign Up'}).click()
  expect(await violations(page)).toEqual([])
  await dialog.getByRole('button', {name: 'Login'}).click()
  await dialog.getByRole('button', {name: 'Forgot password?'}).click()
  expect(await violations(page)).toEqual([])
})

test('no violations on the estimate form showing its errors', async ({page}) => {
  await openHydrated(page, '/contactus')
  await page.locator('form.estimate-form').getByRole('button', {name: 'Submit'}).click()
  await expect(page.locator('.field-error').first()).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test.describe('at 390 px wide', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('no violations with the mobile menu open', async ({page}) => {
    await openHydrated(page, '/')
    await page.getByRole('button', {name: 'Menu'}).click()
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  for (const route of ['/', '/tradingview', '/contactus']) {
    test(`no violations on ${route}`, async ({page}) => {
      await page.goto(route)
      expect(await violations(page)).toEqual([])
    })
  }
})
