// Lets a command use the configured Supabase whether or not the stand-in is running: when the site is
// configured for supabase/local on this machine and nothing answers there, the stand-in runs in-process.
import {answers} from '@quantedge/server-kit/answers'
import {startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions} from './server.ts'
import {localSupabaseSettings} from './settings.ts'

/** Where the stand-in's API listens with these settings. */
export const standInUrl = (settings: LocalSupabaseOptions = localSupabaseSettings()) =>
  `http://127.0.0.1:${settings.port ?? 54321}`

/** Whether supabase/local (or the Supabase CLI's stack) answers at `url`. */
export const isAnswering = (url: string) => answers(`${url}/health`)

/** Whether `configuredUrl` (the Supabase a site is built for) is this stand-in and nothing answers there yet. */
export const standInIsNeeded = async (configuredUrl: string, settings = localSupabaseSettings()) =>
  configuredUrl === standInUrl(settings) && !(await isAnswering(configuredUrl))

/** Starts the stand-in when `configuredUrl` is its address and nothing answers there; `overrides` go to its options. */
export async function startLocalSupabaseIfNeeded(
  configuredUrl: string,
  overrides: Partial<LocalSupabaseOptions> = {},
): Promise<LocalSupabase | undefined> {
  const settings = localSupabaseSettings()
  if (!(await standInIsNeeded(configuredUrl, settings))) return undefined
  return startLocalSupabase({...settings, ...overrides})
}
