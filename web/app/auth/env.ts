// The Supabase project the browser talks to. Every page carries its public settings (root.tsx renders them from
// the settings the page was rendered with, settings.ts), not the compiled bundle: one bundle serves any project,
// and a build for another address renders its pages again without compiling anything.
import type {SupabaseSettings} from './settings.ts'

/** The names of the page's `<meta>` elements that hold the settings. */
export const SUPABASE_META = {url: 'supabase-url', anonKey: 'supabase-anon-key'} as const

/** The settings this page was rendered with. */
export function pageSupabaseSettings(): SupabaseSettings {
  const read = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''
  return {url: read(SUPABASE_META.url), anonKey: read(SUPABASE_META.anonKey)}
}

/** Where supabase-js keeps the session in localStorage; fixed so the header can look for it without the library. */
export const AUTH_STORAGE_KEY = 'quantedge-auth'
