// Who works the leads: adding, removing and listing staff by e-mail address, with the service role, through the
// same two APIs on supabase/local and on a hosted project: GoTrue's admin API finds the account, PostgREST's
// `staff` table holds the list. Each refusal is a StaffRefusal whose message says what to do.
import type {SupabaseClient} from '@supabase/supabase-js'

export class StaffRefusal extends Error {}

export type StaffMember = {email: string; addedAt: string}

type Account = {id: string; email?: string; email_confirmed_at?: string}

const PER_PAGE = 1000

/** The account with `email`, looked for page by page (GoTrue's admin API has no lookup by address). */
async function accountFor(client: SupabaseClient, email: string): Promise<Account> {
  const wanted = email.trim().toLowerCase()
  for (let page = 1; ; page += 1) {
    const {data, error} = await client.auth.admin.listUsers({page, perPage: PER_PAGE})
    if (error) throw new Error(`Reading the accounts failed: ${error.message}`)
    const found = data.users.find((user) => user.email?.toLowerCase() === wanted)
    if (found) return found
    if (data.users.length < PER_PAGE) {
      throw new StaffRefusal(
        `No account has the e-mail address ${wanted}. Ask them to sign up on the site (Login → Sign Up) first.`,
      )
    }
  }
}

const failed = (what: string, error: {message: string}) =>
  new Error(`${what} failed: ${error.message}`)

/** Makes the account with `email` staff; answers what was done. */
export async function addStaff(client: SupabaseClient, email: string): Promise<string> {
  const account = await accountFor(client, email)
  const {error} = await client.from('staff').insert({user_id: account.id})
  // 23505: the primary key, the user is on the list already.
  if (error?.code === '23505') throw new StaffRefusal(`${account.email} is already staff.`)
  if (error) throw failed(`Adding ${account.email}`, error)
  return account.email_confirmed_at
    ? `${account.email} is now staff: they can open the staff page (/staff) once signed in.`
    : `${account.email} is now staff. They have not confirmed their e-mail address yet, and can sign in on the staff page (/staff) once they have.`
}

/** Takes the account with `email` off the staff; its leads go back to the pool. */
export async function removeStaff(client: SupabaseClient, email: string): Promise<string> {
  const account = await accountFor(client, email)
  const {data, error} = await client
    .from('staff')
    .delete()
    .eq('user_id', account.id)
    .select('user_id')
  if (error) throw failed(`Removing ${account.email}`, error)
  if (data.length === 0) throw new StaffRefusal(`${account.email} is not staff.`)
  return `${account.email} is no longer staff; the leads they owned have no owner now.`
}

export async function listStaff(client: SupabaseClient): Promise<StaffMember[]> {
  const {data, error} = await client
    .from('staff')
    .select('email, added_at')
    .order('email', {ascending: true})
  if (error) throw failed('Reading the staff', error)
  return (data as {email: string; added_at: string}[]).map((row) => ({
    email: row.email,
    addedAt: row.added_at,
  }))
}
