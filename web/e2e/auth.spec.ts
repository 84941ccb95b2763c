// Sign-up, sign-in, logout and password reset in Chromium, with the real supabase-js against supabase/local.
import type {Page} from '@playwright/test'
import {expect, openHydrated, test, waitForHydration} from './support/fixtures.ts'
import {mailedLink, uniqueEmail} from './support/supabase.ts'

const openSignIn = async (page: Page) => {
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('button', {name: 'Login'}).click()
  return page.getByRole('dialog')
}

/** Signs up through the dialog and waits for the confirmation text; returns the dialog, left open. */
const signUpThroughDialog = async (page: Page, email: string, password: string) => {
  const dialog = await openSignIn(page)
  await dialog.getByRole('button', {name: 'Sign Up'}).click()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('status')).toHaveText('Sign-up successful! Confirm via email.')
  return dialog
}

test('sign up, confirm by e-mail, sign in, stay signed in across a reload, log out', async ({
  page,
}) => {
  const email = uniqueEmail('signup')
  await openHydrated(page, '/tradingview')
  const dialog = await openSignIn(page)
  await expect(dialog.getByRole('heading', {name: 'Welcome Back'})).toBeVisible()
  await dialog.getByRole('button', {name: 'Sign Up'}).click()
  await expect(dialog.getByRole('heading', {name: 'Create Account'})).toBeVisible()
  await expect(dialog.getByText('Sign up to get started')).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill('s3cret-pass')
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('status')).toHaveText('Sign-up successful! Confirm via email.')
  await expect(dialog).toBeVisible()

  await dialog.getByRole('button', {name: 'Login'}).click()
  await expect(dialog.getByRole('heading', {name: 'Welcome Back'})).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill('s3cret-pass')
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('alert')).toHaveText('Email not confirmed')
  await expect(dialog.getByRole('alert')).toHaveCSS('color', 'rgb(254, 202, 202)')

  // The confirmation link, opened as a mail client would, outside this browser session.
  const confirmation = await page.request.get(await mailedLink(email), {maxRedirects: 0})
  expect(confirmation.status()).toBe(303)

  await dialog.locator('[type=submit]').click()
  await expect(dialog).toBeHidden()
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', {name: 'Logout'})).toBeVisible()

  await page.reload()
  await expect(header.getByRole('button', {name: 'Logout'})).toBeVisible()

  await header.getByRole('button', {name: 'Logout'}).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header.getByRole('button', {name: 'Login'})).toBeVisible()
  await page.reload()
  await expect(header.getByRole('button', {name: 'Login'})).toBeVisible()
})

test('the confirmation link lands on a page that says the e-mail is confirmed', async ({page}) => {
  const email = uniqueEmail('landing')
  await openHydrated(page, '/')
  await signUpThroughDialog(page, email, 's3cret-pass')

  await page.goto(await mailedLink(email))
  await expect(page).toHaveURL(/\/account\/confirmed/)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Your e-mail is confirmed')
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', {name: 'Logout'})).toBeVisible()
})

test('a wrong password shows the service’s message in red and keeps the dialog open', async ({
  page,
}) => {
  await openHydrated(page, '/')
  const dialog = await openSignIn(page)
  await dialog.getByLabel('Email').fill('nobody-here@example.com')
  await dialog.getByLabel('Password').fill('wrong-password')
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('alert')).toHaveText('Invalid login credentials')
  await expect(dialog).toBeVisible()
})

test('the dialog’s modes: forgot password only in login, no password in reset, back to login, close', async ({
  page,
}) => {
  await openHydrated(page, '/')
  const dialog = await openSignIn(page)
  await expect(dialog.getByText('Please sign in to continue')).toBeVisible()
  await expect(dialog.getByLabel('Email')).toBeFocused()
  await dialog.getByRole('button', {name: 'Sign Up'}).click()
  await expect(dialog.getByRole('button', {name: 'Forgot password?'})).toHaveCount(0)
  await dialog.getByRole('button', {name: 'Login'}).click()

  await dialog.getByRole('button', {name: 'Forgot password?'}).click()
  await expect(dialog.getByRole('heading', {name: 'Reset Password'})).toBeVisible()
  await expect(dialog.getByText('Enter your email to reset')).toBeVisible()
  await expect(dialog.getByLabel('Password')).toHaveCount(0)
  await expect(dialog.getByRole('button', {name: 'Forgot password?'})).toHaveCount(0)
  await dialog.getByRole('button', {name: 'Back to Login'}).click()
  await expect(dialog.getByRole('heading', {name: 'Welcome Back'})).toBeVisible()

  await dialog.getByRole('button', {name: 'Close'}).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', {name: 'Login'})).toBeFocused()
})

test('messages are cleared on each submit attempt', async ({page}) => {
  await openHydrated(page, '/')
  const dialog = await openSignIn(page)
  await dialog.getByLabel('Email').fill('nobody-here@example.com')
  await dialog.getByLabel('Password').fill('wrong-password')
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('alert')).toBeVisible()
  const cleared = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector('dialog [role=alert]')) {
            observer.disconnect()
            resolve(true)
          }
        })
        observer.observe(document.body, {childList: true, subtree: true})
      }),
  )
  await dialog.locator('[type=submit]').click()
  expect(await cleared).toBe(true)
  await expect(dialog.getByRole('alert')).toHaveText('Invalid login credentials')
})

test('reset password: success text, the mailed link sets a new password, which then signs in', async ({
  page,
}) => {
  const email = uniqueEmail('reset')
  await openHydrated(page, '/')
  let dialog = await signUpThroughDialog(page, email, 'first-pass')
  await page.request.get(await mailedLink(email), {maxRedirects: 0})

  await dialog.getByRole('button', {name: 'Login'}).click()
  await dialog.getByRole('button', {name: 'Forgot password?'}).click()
  await dialog.getByLabel('Email').fill(email)
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('status')).toHaveText('Reset link sent—check your email.')

  await page.goto(await mailedLink(email))
  await expect(page).toHaveURL(/\/account\/reset-password/)
  await page.getByLabel('New password').fill('second-pass')
  await page.getByRole('button', {name: 'Save password'}).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. You are signed in.',
  )

  await page.getByRole('banner').getByRole('button', {name: 'Logout'}).click()
  await expect(page.getByRole('banner').getByRole('button', {name: 'Login'})).toBeVisible()
  dialog = await openSignIn(page)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill('first-pass')
  await dialog.locator('[type=submit]').click()
  await expect(dialog.getByRole('alert')).toHaveText('Invalid login credentials')
  await dialog.getByLabel('Password').fill('second-pass')
  await dialog.locator('[type=submit]').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', {name: 'Logout'})).toBeVisible()
})
