// Filling the estimate form as a visitor does, and the row that filling makes, for the browser tests.
import type {Page} from '@playwright/test'

/** The row `fillEstimateForm` makes, as the form sends it (an e-mail address added). */
export const TYPED_ROW = {
  name: 'Asha Rao',
  phone: '+91 98765 43210',
  platforms: ['Python', 'Other'],
  requirements: ['Backtesting'],
  description: 'Backtest my Bank Nifty straddle rules over three years.\nThen automate them.',
  terms_accepted: true,
  ownership_confirmed: true,
}

/** Fills every field with the controls' own behaviour (a chip toggled on and off again included). */
export async function fillEstimateForm(page: Page, email: string) {
  const form = page.locator('form.estimate-form')
  await form.getByLabel('Name *').fill(TYPED_ROW.name)
  await form.getByLabel('Email *').fill(email)
  await form.getByLabel('Phone *').fill(TYPED_ROW.phone)
  for (const chip of ['Python', 'Other', 'Backtesting', 'Automation', 'Automation']) {
    await form.getByRole('checkbox', {name: chip}).click()
  }
  await form.getByLabel('Description *').fill(TYPED_ROW.description)
  await form.getByLabel('I agree to Terms & Conditions *').check()
  await form.getByLabel('I confirm I own this information *').check()
  return form
}
