// Every control answers from the first paint, on a phone under Lighthouse's mobile throttling: taps made
// before the scripts have run open the menu, an indicator's dialog and the sign-in dialog; Escape, the
// backdrop and focus return work before and after hydration; what is typed survives hydration; a sign-in or
// an estimate submitted early is held and sent exactly once when the scripts run.
import type {Page, Route} from '@playwright/test'
import {fillEstimateForm, TYPED_ROW} from './support/estimateForm.ts'
import {expect, test} from './support/fixtures.ts'
import {
  hydrated,
  openUntilFirstPaint,
  scriptsHaveRun,
  throttleLikeAMobile,
} from '@quantedge/test-support/mobileThrottling'
import {confirmedAccount, leadOwner, uniqueEmail} from './support/supabase.ts'

test.use({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true})

test.beforeEach(async ({context, page}) => {
  await throttleLikeAMobile(context, page)
})

/**
 * Holds the app's scripts back until `release` is called, so the page stays as its HTML made it for as long
 * as a test needs, however fast this machine is; the throttled network then delivers them as usual.
 */
async function holdScripts(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

async function hydrate(page: Page, release: () => void) {
  expect(await scriptsHaveRun(page), 'the scripts have not run yet').toBe(false)
  release()
  await hydrated(page)
}

const expectNotYetHydrated = async (page: Page) =>
  expect(await scriptsHaveRun(page), 'the scripts have not run yet').toBe(false)

test('the menu opens at the first tap, and closes on Escape and on a tap outside, before and after hydration', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/')
  const toggle = page.getByRole('button', {name: 'Menu'})
  const menu = page.getByRole('navigation', {name: 'Main'})
  for (const phase of ['before hydration', 'after hydration']) {
    await toggle.tap()
    if (phase === 'before hydration') await expectNotYetHydrated(page)
    await expect(menu, phase).toBeVisible()
    await expect(menu.getByRole('link', {name: 'Contact Us'})).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu, phase).toBeHidden()
    await toggle.tap()
    await expect(menu, phase).toBeVisible()
    await page.touchscreen.tap(195, 800)
    await expect(menu, `${phase}: a tap below the menu closes it`).toBeHidden()
    if (phase === 'before hydration') await hydrate(page, release)
  }
})

test('Buy Now opens the indicator’s dialog at the first tap; Escape, the backdrop and Close return focus, before and after hydration', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/tradingview')
  const buy = page.getByRole('button', {name: 'Buy Now Spread'})
  const dialog = page.getByRole('dialog', {name: 'Spread'})
  for (const phase of ['before hydration', 'after hydration']) {
    await buy.click()
    if (phase === 'before hydration') await expectNotYetHydrated(page)
    await expect(dialog, phase).toBeVisible()
    await expect(dialog.getByText('₹500')).toBeVisible()
    await expect(dialog.getByRole('button', {name: 'Close'}), phase).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog, phase).toBeHidden()
    await expect(buy, phase).toBeFocused()

    await buy.click()
    await expect(dialog, phase).toBeVisible()
    await dialog.getByText('₹500').click()
    await expect(dialog, `${phase}: a click inside keeps it open`).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(dialog, phase).toBeHidden()
    await expect(buy, phase).toBeFocused()

    await buy.click()
    await dialog.getByRole('button', {name: 'Close'}).click()
    await expect(dialog, phase).toBeHidden()
    await expect(buy, phase).toBeFocused()
    if (phase === 'before hydration') await hydrate(page, release)
  }
})

test('Login opens the sign-in dialog at the first tap; a sign-in submitted before the scripts load is sent once they have', async ({
  page,
}) => {
  const {email, password} = await confirmedAccount()
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/tradingview')
  await page.getByRole('button', {name: 'Menu'}).tap()
  await page.getByRole('button', {name: 'Login'}).tap()
  const dialog = page.getByRole('dialog', {name: 'Welcome Back'})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Email')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', {name: 'Login'}), 'focus returns to Login').toBeFocused()

  await page.getByRole('button', {name: 'Login'}).tap()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', {name: 'Login', exact: true}).tap()
  await expectNotYetHydrated(page)
  await expect(page, 'the held submit does not navigate').toHaveURL(/\/tradingview$/)
  await expect(dialog.locator('form')).toHaveAttribute('aria-busy', 'true')

  release()
  await hydrated(page)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', {name: 'Logout'})).toBeAttached()
})

test('a switch to sign-up tapped before the scripts load is replayed before the held submit is sent', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/tradingview')
  await page.getByRole('button', {name: 'Menu'}).tap()
  await page.getByRole('button', {name: 'Login'}).tap()
  const dialog = page.getByRole('dialog', {name: 'Welcome Back'})
  await dialog.getByRole('button', {name: 'Sign Up'}).tap()
  await dialog.getByLabel('Email').fill(uniqueEmail('early-signup'))
  await dialog.getByLabel('Password').fill('s3cret-pass')
  await dialog.getByRole('button', {name: 'Login', exact: true}).tap()
  await expectNotYetHydrated(page)

  release()
  await hydrated(page)
  const signUp = page.getByRole('dialog', {name: 'Create Account'})
  await expect(signUp.getByRole('status')).toHaveText('Sign-up successful! Confirm via email.')
})

test('what is typed in the estimate form before hydration survives it', async ({page}) => {
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/contactus')
  const form = page.locator('form.estimate-form')
  await form.getByLabel('Name *').fill('Asha Rao')
  await form.getByLabel('Email *').fill('asha@example.com')
  await form.getByRole('checkbox', {name: 'Python'}).check()
  await form.getByLabel('Description *').fill('Typed before the scripts arrived.')
  await form.getByLabel('I agree to Terms & Conditions *').check()
  await expectNotYetHydrated(page)

  release()
  await hydrated(page)
  await expect(form.getByLabel('Name *')).toHaveValue('Asha Rao')
  await expect(form.getByLabel('Email *')).toHaveValue('asha@example.com')
  await expect(form.getByRole('checkbox', {name: 'Python'})).toBeChecked()
  await expect(form.getByRole('checkbox', {name: 'Other'})).not.toBeChecked()
  await expect(form.getByLabel('Description *')).toHaveValue('Typed before the scripts arrived.')
  await expect(form.getByLabel('I agree to Terms & Conditions *')).toBeChecked()

  // React now owns the form: a submit checks it, and the missing fields say so beside themselves.
  await form.getByRole('button', {name: 'Submit'}).click()
  await expect(
    form.locator('.field', {has: page.getByText('Phone *', {exact: true})}).locator('.field-error'),
  ).toHaveText('Required')
  await expect(form.getByLabel('Name *')).toHaveValue('Asha Rao')
})

test('an estimate submitted before hydration never navigates away and is stored exactly once', async ({
  page,
}) => {
  const email = uniqueEmail('early-estimate')
  const release = await holdScripts(page)
  await openUntilFirstPaint(page, '/contactus')
  const form = await fillEstimateForm(page, email)
  const submit = form.getByRole('button', {name: 'Submit'})
  await submit.tap()
  await submit.tap()
  await form.getByLabel('Phone *').press('Enter')
  await expectNotYetHydrated(page)
  await expect(page).toHaveURL(/\/contactus$/)
  await expect(form).toHaveAttribute('aria-busy', 'true')

  release()
  await hydrated(page)
  await expect(form.getByRole('status')).toHaveText('Estimate request submitted successfully!')
  await expect(form.getByLabel('Name *')).toHaveValue('')
  const stored = await leadOwner()
    .from('free_estimate_requests')
    .select(
      'name, phone, platforms, requirements, description, terms_accepted, ownership_confirmed',
    )
    .eq('email', email)
  expect(stored.data).toEqual([TYPED_ROW])
})
