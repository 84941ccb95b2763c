// The free-estimate form in Chromium against supabase/local: validation, the submitting state, success with
// a reset form and a stored row holding exactly what was sent, and an outage that loses nothing typed.
import {startTestSupabase} from '@quantedge/supabase/local/testing/testSupabase'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {fillEstimateForm as fillForm, TYPED_ROW} from './support/estimateForm.ts'
import {expect, openHydrated, test} from './support/fixtures.ts'
import {leadOwner, uniqueEmail, visitorFrom} from './support/supabase.ts'
import {MAX_LENGTH} from '../app/estimate/estimateRequest.ts'

test('an empty submit shows every message beside its field and sends nothing; editing a field clears its message', async ({
  page,
}) => {
  const before = (await leadOwner().from('free_estimate_requests').select('id')).data!.length
  await openHydrated(page, '/contactus')
  const form = page.locator('form.estimate-form')
  await form.getByRole('button', {name: 'Submit'}).click()

  const messageOf = (label: string) =>
    form.locator('.field', {has: page.getByText(label, {exact: true})}).locator('.field-error')
  for (const label of [
    'Name *',
    'Email *',
    'Phone *',
    'Description *',
    'I agree to Terms & Conditions *',
    'I confirm I own this information *',
  ]) {
    await expect(messageOf(label)).toHaveText('Required')
  }
  for (const legend of ['Platforms *', 'Requirements *'])
    await expect(messageOf(legend)).toHaveText('Select at least one')
  await expect(form.getByLabel('Name *')).toBeFocused()
  await expect(form.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Name *').fill('A')
  await expect(messageOf('Name *')).toHaveCount(0)
  await expect(messageOf('Email *')).toHaveText('Required')
  await form.getByRole('checkbox', {name: 'TradingView'}).click()
  await expect(messageOf('Platforms *')).toHaveCount(0)
  await form.getByLabel('I agree to Terms & Conditions *').check()
  await expect(messageOf('I agree to Terms & Conditions *')).toHaveCount(0)
  await expect(messageOf('Requirements *')).toHaveText('Select at least one')

  await form.getByLabel('Phone *').fill('   ')
  await form.getByRole('button', {name: 'Submit'}).click()
  await expect(messageOf('Phone *')).toHaveText('Required')
  expect((await leadOwner().from('free_estimate_requests').select('id')).data!.length).toBe(before)
})

test('chips toggle on and off', async ({page}) => {
  await openHydrated(page, '/contactus')
  const chip = page.locator('form.estimate-form').getByRole('checkbox', {name: 'Tradetron'})
  await expect(chip).not.toBeChecked()
  await chip.click()
  await expect(chip).toBeChecked()
  await chip.click()
  await expect(chip).not.toBeChecked()
})

test('an e-mail address the browser would refuse gets a message beside the field, and nothing is sent', async ({
  page,
}) => {
  await openHydrated(page, '/contactus')
  const form = await fillForm(page, 'asha')
  await form.getByRole('button', {name: 'Submit'}).click()
  const emailField = form.locator('.field', {has: page.getByText('Email *', {exact: true})})
  await expect(emailField.locator('.field-error')).toHaveText(
    'Enter an email address like name@example.com',
  )
  await expect(form.getByLabel('Email *')).toBeFocused()
  await expect(form.getByLabel('Email *')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('alert')).toHaveCount(0)
  expect(
    (await leadOwner().from('free_estimate_requests').select('id').eq('email', 'asha')).data,
  ).toEqual([])
  await form.getByLabel('Email *').fill('asha@example.com')
  await expect(emailField.locator('.field-error')).toHaveCount(0)
})

test('each text field takes no more than the table stores', async ({page}) => {
  await openHydrated(page, '/contactus')
  const form = page.locator('form.estimate-form')
  for (const [label, limit] of [
    ['Name *', MAX_LENGTH.name],
    ['Email *', MAX_LENGTH.email],
    ['Phone *', MAX_LENGTH.phone],
    ['Description *', MAX_LENGTH.description],
  ] as const) {
    await expect(form.getByLabel(label)).toHaveAttribute('maxlength', String(limit))
  }
})

test('a complete request shows Submitting…, then success; the form resets and the row holds exactly what was sent', async ({
  page,
}) => {
  const email = uniqueEmail('lead')
  await openHydrated(page, '/contactus')
  const form = await fillForm(page, email)
  const submitStates = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const button = document.querySelector<HTMLButtonElement>(
          'form.estimate-form [type=submit]',
        )!
        const seen: string[] = []
        const observer = new MutationObserver(() => {
          seen.push(`${button.textContent}|${button.disabled}`)
          if (document.querySelector('form.estimate-form [role=status]')) {
            observer.disconnect()
            resolve(seen)
          }
        })
        observer.observe(document.querySelector('form.estimate-form')!, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        })
      }),
  )
  await form.getByRole('button', {name: 'Submit'}).click()
  expect(await submitStates).toContain('Submitting…|true')
  await expect(form.getByRole('status')).toHaveText('Estimate request submitted successfully!')
  await expect(form.getByRole('button', {name: 'Submit'})).toBeEnabled()

  for (const label of ['Name *', 'Email *', 'Phone *', 'Description *'])
    await expect(form.getByLabel(label)).toHaveValue('')
  await expect(form.getByLabel('I agree to Terms & Conditions *')).not.toBeChecked()
  await expect(form.locator('.chip input:checked')).toHaveCount(0)

  const {data} = await leadOwner()
    .from('free_estimate_requests')
    .select(
      'name, email, phone, platforms, requirements, description, terms_accepted, ownership_confirmed, user_id',
    )
    .eq('email', email)
  expect(data).toEqual([{...TYPED_ROW, email, user_id: null}])
})

test('a request over the throttle’s limit is refused in words, and everything typed stays', async ({
  page,
}) => {
  const email = uniqueEmail('eager')
  // The limit for one e-mail address, reached from another client address, as an eager visitor on another network would.
  const elsewhere = visitorFrom('127.0.0.9')
  for (let sent = 0; ; sent += 1) {
    const {error} = await elsewhere.from('free_estimate_requests').insert({...TYPED_ROW, email})
    if (error?.code === 'PT429') break
    expect(error, `insert ${sent + 1}`).toBeNull()
  }
  await openHydrated(page, '/contactus')
  const form = await fillForm(page, email)
  await form.getByRole('button', {name: 'Submit'}).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Too many requests, please try again in a few minutes',
  )
  await expect(form.getByLabel('Name *')).toHaveValue('Asha Rao')
  await expect(form.getByLabel('Email *')).toHaveValue(email)
  await expect(form.locator('.chip:has(input:checked)')).toHaveText([
    'Python',
    'Other',
    'Backtesting',
  ])
  await expect(form.getByLabel('I confirm I own this information *')).toBeChecked()
})

test('with the backend stopped, the red box shows the failure and everything typed stays', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const supabase = await startTestSupabase()
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake, {supabaseUrl: supabase.url}).finally(() => lake.close())
  const site = await startSiteServer(build.root, 0)
  try {
    await openHydrated(page, `${site.url}/contactus`)
    const form = await fillForm(page, 'outage@example.com')
    await supabase.close()
    await form.getByRole('button', {name: 'Submit'}).click()
    const alert = form.getByRole('alert')
    await expect(alert).toHaveText(
      'Could not reach the server. Check your connection and try again.',
      {timeout: 20_000},
    )
    await expect(alert).toHaveCSS('color', 'rgb(254, 202, 202)')
    await expect(form.getByLabel('Name *')).toHaveValue('Asha Rao')
    await expect(form.getByLabel('Email *')).toHaveValue('outage@example.com')
    await expect(form.getByLabel('Phone *')).toHaveValue('+91 98765 43210')
    await expect(form.getByLabel('Description *')).toHaveValue(/^Backtest my Bank Nifty/)
    await expect(form.locator('.chip:has(input:checked)')).toHaveText([
      'Python',
      'Other',
      'Backtesting',
    ])
    await expect(form.getByLabel('I agree to Terms & Conditions *')).toBeChecked()
    await expect(form.getByLabel('I confirm I own this information *')).toBeChecked()
    await expect(form.getByRole('button', {name: 'Submit'})).toBeEnabled()
  } finally {
    await site.close()
    build.remove()
  }
})
