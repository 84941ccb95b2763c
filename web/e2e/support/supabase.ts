// What browser tests need of the test stand-in: its mailbox, and reading rows back as the lead owner.
import {createClient} from '@supabase/supabase-js'
import {fetchFrom} from '@quantedge/supabase/local/testing/boundFetch'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {latestLink} from '@quantedge/supabase/local/testing/testSupabase'

const required = (name: string) => {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the browser tests through playwright.config.ts`)
  return value
}

export const mailedLink = (address: string) => latestLink(required('E2E_MAILBOX_URL'), address)

export const leadOwner = () =>
  createClient(required('E2E_SUPABASE_URL'), DEMO_SERVICE_ROLE_KEY, {auth: {persistSession: false}})

/** A visitor's supabase-js whose requests leave from `clientAddress` (any of 127/8), as another visitor's would. */
export const visitorFrom = (clientAddress: string) =>
  createClient(required('E2E_SUPABASE_URL'), DEMO_ANON_KEY, {
    auth: {persistSession: false},
    global: {fetch: fetchFrom(clientAddress)},
  })

/** An address no other test uses. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** A new account whose e-mail is confirmed, made as a visitor would: sign-up, then the mailed link. */
export async function confirmedAccount() {
  const email = uniqueEmail('confirmed')
  const password = 's3cret-pass'
  const visitor = createClient(required('E2E_SUPABASE_URL'), DEMO_ANON_KEY, {
    auth: {persistSession: false},
  })
  const {error} = await visitor.auth.signUp({email, password})
  if (error) throw new Error(`Sign-up for ${email} failed: ${error.message}`)
  const confirmation = await fetch(await mailedLink(email), {redirect: 'manual'})
  if (confirmation.status !== 303)
    throw new Error(`Confirming ${email} answered ${confirmation.status}`)
  return {email, password}
}
