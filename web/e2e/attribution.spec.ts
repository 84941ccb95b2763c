// Every lead knows where it came from: a visitor lands from a campaign link, browses to the form and sends it; the
// lead carries the first touch (the campaign, the landing page), the last touch and the page the form was sent
// from, kept in the browser's storage with no cookie. A later visit from another campaign keeps the first touch
// and replaces the last.
import {expect, openHydrated, test, waitForHydration} from './support/fixtures.ts'
import {fillEstimateForm} from './support/estimateForm.ts'
import {leadOwner, uniqueEmail} from './support/supabase.ts'

const COLUMNS =
  'first_source, first_medium, first_campaign, first_landing_page, first_referrer_host, last_source, last_campaign, last_landing_page, form_page'

async function sendEstimate(page: import('@playwright/test').Page, email: string) {
  const form = await fillEstimateForm(page, email)
  await form.getByRole('button', {name: 'Submit'}).click()
  await expect(page.getByText('Estimate request submitted successfully!')).toBeVisible()
}

async function leadOf(email: string) {
  const {data, error} = await leadOwner()
    .from('free_estimate_requests')
    .select(COLUMNS)
    .eq('email', email)
  if (error) throw new Error(error.message)
  expect(data).toHaveLength(1)
  return data[0]
}

test('a lead from a campaign link carries its first touch, landing page and the form’s page; a later campaign only the last', async ({
  page,
  context,
}) => {
  await openHydrated(
    page,
    '/tradingview?utm_source=instagram&utm_medium=social&utm_campaign=diwali',
  )
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Contact Us'}).click()
  await expect(page).toHaveURL(/\/contactus$/)
  await waitForHydration(page)
  const first = uniqueEmail('campaign')
  await sendEstimate(page, first)
  expect(await leadOf(first)).toEqual({
    first_source: 'instagram',
    first_medium: 'social',
    first_campaign: 'diwali',
    first_landing_page: '/tradingview',
    first_referrer_host: null,
    last_source: 'instagram',
    last_campaign: 'diwali',
    last_landing_page: '/tradingview',
    form_page: '/contactus',
  })
  expect(await context.cookies()).toEqual([])

  // A visit another day, from the YouTube video's link, straight to the form.
  await openHydrated(page, '/contactus?utm_source=youtube&utm_campaign=launch-video')
  const second = uniqueEmail('campaign')
  await sendEstimate(page, second)
  expect(await leadOf(second)).toEqual({
    first_source: 'instagram',
    first_medium: 'social',
    first_campaign: 'diwali',
    first_landing_page: '/tradingview',
    first_referrer_host: null,
    last_source: 'youtube',
    last_campaign: 'launch-video',
    last_landing_page: '/contactus',
    form_page: '/contactus',
  })
})
