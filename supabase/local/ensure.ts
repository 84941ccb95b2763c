// Lets a command use the configured Supabase whether or not the stand-in is running: when the site is
// configured for supabase/local on this machine and nothing answers there, the stand-in runs in-process.
import {answers} from '@quantedge/server-kit/answers'
import {startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions} from './server.ts'
import {localSupabaseSettings} from './settings.ts'

/** The API address the site is configured for (VITE_SUPABASE_URL), and whether that is the local stand-in. */
export function configuredSupabase(env: Record<string, string | undefined> = process.env) {
  const settings = localSupabaseSettings(env)
  const localUrl = `http://127.0.0.1:${settings.port}`
  const url = env.VITE_SUPABASE_URL || localUrl
  return {url, isLocal: url === localUrl, settings}
}

/** Whether supabase/local (or the Supabase CLI's stack) answers at `url`. */
export const isAnswering = (url: string) => answers(`${url}/health`)

/** Starts the stand-in when the site is configured for it and nothing answers there; `overrides` go to its options. */
export async function startLocalSupabaseIfNeeded(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<LocalSupabaseOptions> = {},
): Promise<LocalSupabase | undefined> {
  const {url, isLocal, settings} = configuredSupabase(env)
  if (!isLocal || (await isAnswering(url))) return undefined
  return startLocalSupabase({...settings, ...overrides})
}
