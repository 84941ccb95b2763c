// The lead owner's tools (`npm run estimates`, `npm run staff`) work with the service-role key against the
// configured Supabase: SUPABASE_SERVICE_ROLE_KEY, or the demo key when that is supabase/local, which then runs
// in-process for the command if nothing answers at its address.
import {createClient, type SupabaseClient} from '@supabase/supabase-js'
import {standInUrl, startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'

/** Runs `work` with a service-role client, or says which setting is missing and exits with 1. */
export async function withServiceRole(
  purpose: string,
  work: (client: SupabaseClient, url: string) => Promise<void>,
) {
  const url = readSupabaseSettings().url
  const serviceKey =
    process.env.SUPABASE_SERVICE_ROLE_KEY || (url === standInUrl() ? DEMO_SERVICE_ROLE_KEY : '')
  if (!serviceKey) {
    console.error(
      `Set SUPABASE_SERVICE_ROLE_KEY (Project settings → API) to ${purpose} of a hosted project.`,
    )
    process.exit(1)
  }
  const standIn = await startLocalSupabaseIfNeeded(url)
  try {
    await work(
      createClient(url, serviceKey, {auth: {persistSession: false, autoRefreshToken: false}}),
      url,
    )
  } finally {
    await standIn?.close()
  }
}
