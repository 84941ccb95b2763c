// The staff page in Chromium against the real servers: a staff member (made staff by `npm run staff`) signs in on
// /staff, finds a lead a visitor has just sent, sets it to contacted with a note, sees both kept after a reload and
// exports the leads as CSV; a signed-in account that is not staff and a signed-out visitor see no lead.
import {execFile} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'
import type {Page} from '@playwright/test'
import {DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {violations} from './support/axe.ts'
import {expect, test, waitForHydration} from './support/fixtures.ts'
import {confirmedAccount, visitorFrom} from './support/supabase.ts'

/** `npm run staff -- <command> <email>` against the test's supabase/local, as the site's owner would run it. */
async function staff(command: 'add' | 'remove', email: string) {
  await promisify(execFile)(
    process.execPath,
    [join(repositoryRoot, 'scripts', 'cli', 'staff', 'main.ts'), command, email],
    {
      env: {
        ...process.env,
        VITE_SUPABASE_URL: process.env.E2E_SUPABASE_URL,
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      },
    },
  )
}

/** A lead sent as the estimate form sends it, from its own client address; answers its name. */
let visitors = 0
async function sendLead(label: string) {
  visitors += 1
  const name = `${label} ${Date.now().toString(36)}`
  const {error} = await visitorFrom(`127.0.3.${visitors}`)
    .from('free_estimate_requests')
    .insert({
      name,
      email: `${Date.now().toString(36)}@example.com`,
      phone: '+91 98765 43210',
      platforms: ['TradingView'],
      requirements: ['Indicator Development'],
      // What a spreadsheet would run as a formula, if the export let it.
      description: '=HYPERLINK("http://evil.example","Click")',
      terms_accepted: true,
      ownership_confirmed: true,
    })
  if (error) throw new Error(`The lead was not stored: ${error.message}`)
  return name
}

async function signInOnStaffPage(page: Page, {email, password}: {email: string; password: string}) {
  await page.goto('/staff')
  await waitForHydration(page)
  await page.getByRole('main').getByRole('button', {name: 'Sign in'}).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.locator('[type=submit]').click()
  await expect(dialog).toBeHidden()
}

const leadCard = (page: Page, name: string) => page.getByRole('article', {name})

// Each test signs an account up and in (bcrypt), runs `npm run staff` as its own process and has axe read the
// page: on a busy two-core machine that is more than the default 30 s.
test.describe.configure({timeout: 90_000})

test('a staff member works a new lead: contacted with a note, kept after a reload, exported', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const name = await sendLead('Staff lead')

  await signInOnStaffPage(page, account)
  await page.getByRole('radio', {name: /^New/}).check()
  const card = leadCard(page, name)
  await expect(card.locator('.lead-status')).toHaveText('New')
  await expect(card.getByText('=HYPERLINK("http://evil.example","Click")')).toBeVisible()
  await expect(page.locator('head meta[name=robots]')).toHaveAttribute('content', 'noindex')
  expect(await violations(page)).toEqual([])

  await card.getByLabel('Notes').fill('Called; wants a quote by Friday.')
  await card.getByLabel('Notes').blur()
  await expect(card.getByRole('status')).toHaveText(/^Saved at /)
  await card.getByLabel('Status').selectOption('contacted')
  // Worked under "New", it keeps its card until the filter changes.
  await expect(card.locator('.lead-status')).toHaveText('Contacted')
  await card.getByLabel('Owner').selectOption({label: account.email})
  await expect(card.getByRole('status')).toHaveText(/^Saved at /)

  await page.reload()
  const reloaded = leadCard(page, name)
  await expect(reloaded.getByLabel('Status')).toHaveValue('contacted')
  await expect(reloaded.getByLabel('Notes')).toHaveValue('Called; wants a quote by Friday.')
  await expect(reloaded.getByLabel('Owner').locator('option:checked')).toHaveText(account.email)

  await page.getByRole('radio', {name: /^Contacted/}).check()
  await expect(leadCard(page, name)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', {name: /^Export \d+ as CSV$/}).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^leads-contacted-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile(await download.path(), 'utf8')
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(rows[0]).toBe(
    '"Received","Name","Email","Phone","Platforms","Requirements","Request","Status","Owner","Notes","Last changed"',
  )
  const row = rows.find((line) => line.includes(`"${name}"`))
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
  expect(row).toContain(`"'+91 98765 43210"`)
  expect(row).toContain(`"Contacted","${account.email}","Called; wants a quote by Friday."`)
  // Only contacted leads are in the file: the filter's.
  expect(rows.slice(1).every((line) => line.includes('"Contacted"'))).toBe(true)

  // On a phone: the cards take the width, nothing scrolls sideways, and axe still finds nothing.
  await page.setViewportSize({width: 390, height: 844})
  await expect(leadCard(page, name).getByLabel('Notes')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await violations(page)).toEqual([])
})

test('a change refused because the account was taken off the staff says so, and keeps what is stored', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const name = await sendLead('Refused lead')
  await signInOnStaffPage(page, account)
  const card = leadCard(page, name)
  await expect(card.locator('.lead-status')).toHaveText('New')

  await staff('remove', account.email)
  await card.getByLabel('Status').selectOption('won')
  await expect(card.getByRole('alert')).toHaveText(
    'This change was not saved: your account is no longer on the staff list. Reload the page to check.',
  )
  await expect(card.getByLabel('Status')).toHaveValue('new')
  expect(await violations(page)).toEqual([])
})

test('a signed-in account that is not staff is told the page is for staff, and sees no lead', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await sendLead('Hidden lead')
  await signInOnStaffPage(page, account)
  await expect(page.getByRole('heading', {name: 'This page is for staff.'})).toBeVisible()
  await expect(page.getByText(`You are signed in as ${account.email}`)).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  await expect(page.getByRole('button', {name: /Export/})).toHaveCount(0)
  expect(await violations(page)).toEqual([])
})

test('a signed-out visitor gets the sign-in, and no lead', async ({page}) => {
  await sendLead('Unseen lead')
  const response = await page.goto('/staff')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-robots-tag']).toBe('noindex')
  await expect(page.getByRole('heading', {name: 'Sign in to work the leads'})).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
})
