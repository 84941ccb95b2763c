// The staff page in Chromium against the real servers: a staff member (made staff by `npm run staff`) signs in on
// /staff, searches for a lead a visitor has just sent, opens it from its row, sets it to contacted with a note,
// sees both kept after a reload and exports the leads as CSV; works the list from the keyboard; reads where leads
// came from in a summary that matches the leads sent; sees a lead whose mail the mail API refused for good flagged
// with the API's reason, and opens it from there; a signed-in account that is not staff and a signed-out visitor
// see no lead.
import {execFile} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'
import type {Page} from '@playwright/test'
import {DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {violations} from './support/axe.ts'
import {expect, test, waitForHydration} from './support/fixtures.ts'
import {confirmedAccount, leadOwner, visitorFrom} from './support/supabase.ts'

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

type Attribution = {first_source?: string; first_campaign?: string; form_page?: string}

/** A lead sent as the estimate form sends it, from its own client address; answers its name and id. */
let visitors = 0
async function sendLead(label: string, attribution: Attribution = {}) {
  visitors += 1
  const name = `${label} ${Date.now().toString(36)}${visitors}`
  const {error} = await visitorFrom(`127.0.3.${visitors}`)
    .from('free_estimate_requests')
    .insert({
      name,
      email: `${Date.now().toString(36)}${visitors}@example.com`,
      phone: '+91 98765 43210',
      platforms: ['TradingView'],
      requirements: ['Indicator Development'],
      // What a spreadsheet would run as a formula, if the export let it.
      description: '=HYPERLINK("http://evil.example","Click")',
      terms_accepted: true,
      ownership_confirmed: true,
      ...attribution,
    })
  if (error) throw new Error(`The lead was not stored: ${error.message}`)
  // A visitor may not read leads back; staff's view of the table names its id.
  const stored = await leadOwner()
    .from('free_estimate_requests')
    .select('id')
    .eq('name', name)
    .single()
  if (stored.error) throw new Error(`The lead was not read back: ${stored.error.message}`)
  return {name, id: stored.data.id}
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
const leadRow = (page: Page, name: string) =>
  page.locator('.lead-rows').getByRole('button', {name: new RegExp(`^${name}`)})

/** Narrows the list to `text` as staff would: typed into the search, which asks once typing pauses. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', {name: 'Search name, e-mail or phone'}).fill(text)
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replaceAll('%20', '\\+')}`),
  )
}

// Each test signs an account up and in (bcrypt), runs `npm run staff` as its own process and has axe read the
// page: on a busy two-core machine that is more than the default 30 s.
test.describe.configure({timeout: 90_000})

test('a staff member works a new lead: contacted with a note, kept after a reload, exported', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const {name, id} = await sendLead('Staff lead', {
    first_source: 'google',
    first_campaign: 'diwali-offer',
    form_page: '/contactus',
  })

  await signInOnStaffPage(page, account)
  await page.getByRole('radio', {name: 'New', exact: true}).check()
  await search(page, name)
  await expect(page.getByRole('heading', {name: 'Leads 1–1 of 1'})).toBeVisible()
  await expect(leadRow(page, name)).toContainText('google · diwali-offer')
  await expect(page.locator('head meta[name=robots]')).toHaveAttribute('content', 'noindex')
  expect(await violations(page)).toEqual([])

  await leadRow(page, name).click()
  const card = leadCard(page, name)
  await expect(card.getByRole('heading', {name})).toBeFocused()
  await expect(card.locator('.lead-status')).toHaveText('New')
  await expect(card.getByText('=HYPERLINK("http://evil.example","Click")')).toBeVisible()
  await expect(card.getByText('google · campaign diwali-offer')).toBeVisible()
  await expect(card.getByText('/contactus', {exact: true})).toBeVisible()
  expect(await violations(page)).toEqual([])

  await card.getByLabel('Notes').fill('Called; wants a quote by Friday.')
  await card.getByLabel('Notes').blur()
  await expect(card.getByRole('status')).toHaveText(/^Saved at /)
  await card.getByLabel('Status').selectOption('contacted')
  // Worked under "New", it leaves the list but stays open until it is closed.
  await expect(card.locator('.lead-status')).toHaveText('Contacted')
  await expect(page.getByRole('heading', {name: 'No leads match'})).toBeVisible()
  await card.getByLabel('Owner').selectOption({label: account.email})
  await expect(card.getByRole('status')).toHaveText(/^Saved at /)

  // The address keeps the view and the open lead: a reload opens it again.
  await expect(page).toHaveURL(new RegExp(`[?&]lead=${id}`))
  await page.reload()
  const reloaded = leadCard(page, name)
  await expect(reloaded.getByLabel('Status')).toHaveValue('contacted')
  await expect(reloaded.getByLabel('Notes')).toHaveValue('Called; wants a quote by Friday.')
  await expect(reloaded.getByLabel('Owner').locator('option:checked')).toHaveText(account.email)
  await expect(page.getByRole('radio', {name: 'New', exact: true})).toBeChecked()

  await page.getByRole('radio', {name: 'Contacted', exact: true}).check()
  await expect(leadRow(page, name)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', {name: 'Export 1 as CSV'}).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^leads-contacted-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile(await download.path(), 'utf8')
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(rows[0]).toMatch(
    /^"Received","Name","Email","Phone","Platforms","Requirements","Request","Status","Owner","Notes","Last changed","first_source",.*"form_page"$/,
  )
  // The search and the filter's: this lead alone.
  expect(rows).toHaveLength(2)
  const row = rows[1] ?? ''
  expect(row).toContain(`"${name}"`)
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
  expect(row).toContain(`"'+91 98765 43210"`)
  expect(row).toContain(`"Contacted","${account.email}","Called; wants a quote by Friday."`)
  expect(row).toContain('"google",')
  expect(row).toMatch(/"\/contactus"$/)

  // On a phone: the open lead takes the list's place and the width, nothing scrolls sideways, axe finds nothing.
  await page.setViewportSize({width: 390, height: 844})
  await expect(leadCard(page, name).getByLabel('Notes')).toBeVisible()
  await expect(page.locator('.lead-rows')).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await violations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(leadRow(page, name)).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await violations(page)).toEqual([])
})

test('a lead whose mail the mail API refuses for good is flagged with the reason, and opens from the flag', async ({
  page,
}, testInfo) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const name = `Mail refused ${Date.now().toString(36)}`
  // A lead stored before the table refused such addresses (20261211000000_reply_to_email.sql): its e-mail, the
  // mail's Reply-To, is one the dev mailbox refuses for good, as Mailpit and Resend do.
  const {error} = await leadOwner()
    .from('free_estimate_requests')
    .insert({
      name,
      email: 'a@example.com>,<evil',
      phone: '+91 98765 43210',
      platforms: ['Python'],
      requirements: ['Backtesting'],
      description: 'A backtest of my rules.',
      terms_accepted: true,
      ownership_confirmed: true,
      created_at: '2026-01-05T09:00:00Z',
    })
  expect(error).toBeNull()
  // The outbox's sender tries it at once (supabase/local's clock), and the mail API refuses it.
  await expect
    .poll(async () => {
      const {data} = await leadOwner().rpc('lead_mail_health')
      return (data as {failed_leads: {name: string}[]}).failed_leads.map((lead) => lead.name)
    })
    .toContain(name)

  await signInOnStaffPage(page, account)
  const flag = page.getByRole('region', {name: 'Lead mails need attention'})
  await expect(flag).toContainText(/(was|were) refused for good by the mail API since/)
  await expect(flag).toContainText(
    'The mail API answered 400: {"Error":"invalid Reply-To address: a@example.com>,<evil"}',
  )
  const refused = flag.getByRole('button', {name})
  await expect(refused).toBeVisible()
  expect(await violations(page)).toEqual([])
  await page.screenshot({path: testInfo.outputPath('mail-trouble-1280.png')})

  await page.setViewportSize({width: 390, height: 844})
  await expect(refused).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await violations(page)).toEqual([])
  await page.screenshot({path: testInfo.outputPath('mail-trouble-390.png'), fullPage: true})

  await refused.click()
  await expect(leadCard(page, name).getByRole('heading', {name})).toBeFocused()
  await expect(leadCard(page, name).getByText('a@example.com>,<evil')).toBeVisible()
})

test('the list is worked from the keyboard: arrows between rows, Enter opens, Escape goes back', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const label = `Keys ${Date.now().toString(36)}`
  const older = await sendLead(label)
  const newer = await sendLead(label)
  await signInOnStaffPage(page, account)
  await search(page, label)
  await expect(page.getByRole('heading', {name: 'Leads 1–2 of 2'})).toBeVisible()

  await leadRow(page, newer.name).focus()
  await page.keyboard.press('ArrowDown')
  await expect(leadRow(page, older.name)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(leadCard(page, older.name).getByRole('heading', {name: older.name})).toBeFocused()
  await expect(leadRow(page, older.name)).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('Escape')
  await expect(leadCard(page, older.name)).toHaveCount(0)
  await expect(leadRow(page, older.name)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(leadRow(page, newer.name)).toBeFocused()
  // The browser's back button goes back to the view before: the lead opened.
  await page.goBack()
  await expect(leadCard(page, older.name)).toBeVisible()
})

test('the summary says where the leads came from, as many as were sent, and a source filters the list', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const label = `Sum ${Date.now().toString(36)}`
  const sent = [
    await sendLead(label, {first_source: 'instagram', first_campaign: 'reel-1'}),
    await sendLead(label, {first_source: 'instagram', first_campaign: 'reel-2'}),
    await sendLead(label, {first_source: 'instagram', first_campaign: 'reel-2'}),
    await sendLead(label, {first_source: 'google'}),
    await sendLead(label),
  ]
  // Staff have worked some of them: one instagram lead won, one contacted; the google one lost.
  const owner = leadOwner()
  for (const [index, status] of [
    [0, 'won'],
    [1, 'contacted'],
    [3, 'lost'],
  ] as const) {
    const {error} = await owner
      .from('free_estimate_requests')
      .update({status})
      .eq('id', sent[index]?.id ?? '')
    if (error) throw new Error(`The lead was not updated: ${error.message}`)
  }

  await signInOnStaffPage(page, account)
  await search(page, label)
  await expect(page.getByRole('heading', {name: 'Leads 1–5 of 5'})).toBeVisible()
  const summary = page.getByRole('table')
  const rowOf = (source: string) =>
    summary.getByRole('row').filter({has: page.getByRole('rowheader', {name: source, exact: true})})
  await expect(rowOf('instagram').getByRole('cell')).toHaveText(['3', '2', '1', '33%'])
  await expect(rowOf('google').getByRole('cell')).toHaveText(['1', '1', '0', '0%'])
  await expect(rowOf('(not recorded)').getByRole('cell')).toHaveText(['1', '0', '0', '0%'])
  await expect(summary.getByRole('row')).toHaveCount(4)
  expect(await violations(page)).toEqual([])

  // Narrowed to won: the summary counts what the filter keeps.
  await page.getByRole('radio', {name: 'Won', exact: true}).check()
  await expect(summary.getByRole('row')).toHaveCount(2)
  await expect(rowOf('instagram').getByRole('cell')).toHaveText(['1', '1', '1', '100%'])
  await page.getByRole('radio', {name: 'All', exact: true}).check()

  await page.getByLabel('Source').selectOption('instagram')
  await expect(page.getByRole('heading', {name: 'Leads 1–3 of 3'})).toBeVisible()
  await page.getByLabel('Campaign').selectOption('reel-2')
  await expect(page.getByRole('heading', {name: 'Leads 1–2 of 2'})).toBeVisible()
  await expect(rowOf('instagram').getByRole('cell')).toHaveText(['2', '1', '0', '0%'])
  await expect(leadRow(page, sent[1]?.name ?? '')).toBeVisible()
  await expect(leadRow(page, sent[0]?.name ?? '')).toHaveCount(0)
})

test('a change refused because the account was taken off the staff says so, and keeps what is stored', async ({
  page,
}) => {
  const account = await confirmedAccount()
  await staff('add', account.email)
  const {name} = await sendLead('Refused lead')
  await signInOnStaffPage(page, account)
  await search(page, name)
  await leadRow(page, name).click()
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
  await expect(page.locator('.lead-rows')).toHaveCount(0)
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
