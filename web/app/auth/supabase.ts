// The one supabase-js client of the site. It is loaded on demand (a stored session, the sign-in dialog, the
// estimate form), so a visitor's first paint and first-load JavaScript carry none of it.
import type {SupabaseClient} from '@supabase/supabase-js'
import {AUTH_STORAGE_KEY, pageSupabaseSettings} from './env.ts'

let client: Promise<SupabaseClient> | undefined
const waiting: Array<(supabase: SupabaseClient) => void> = []

export function loadSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({createClient}) => {
    const {url, anonKey} = pageSupabaseSettings()
    const supabase = createClient(url, anonKey, {
      auth: {
        storageKey: AUTH_STORAGE_KEY,
        flowType: 'implicit',
        detectSessionInUrl: true,
        persistSession: true,
      },
    })
    for (const callback of waiting.splice(0)) callback(supabase)
    return supabase
  })
  return client
}

/** Runs `callback` once the client exists: now if it is loaded, else when something first loads it. */
export function whenSupabaseLoads(callback: (supabase: SupabaseClient) => void) {
  if (client) client.then(callback)
  else waiting.push(callback)
}

/** True when this browser holds a session, or the address carries one back from an e-mailed link. */
export const hasSessionToRestore = () =>
  window.localStorage.getItem(AUTH_STORAGE_KEY) !== null ||
  /[#&](access_token|error_description)=/.test(window.location.hash)

/** How browsers word a request that never reached the server. */
export const isConnectionFailure = (message: string) =>
  /failed to fetch|fetch failed|networkerror|load failed/i.test(message)

export const CONNECTION_FAILURE = 'Could not reach the server. Check your connection and try again.'

/** The words to show for a failed call: the service's message, or what a failed connection means. */
export const describeFailure = (message: string) =>
  isConnectionFailure(message) ? CONNECTION_FAILURE : message
