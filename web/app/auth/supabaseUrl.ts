// Which Supabase the site is built for (VITE_SUPABASE_URL), for the tools that start the stand-in beside it.
// The browser reads the same setting through Vite (env.ts).

/** supabase/local, or `supabase start`, on this machine. */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321'

export const readSiteSupabaseUrl = (env: Record<string, string | undefined> = process.env) =>
  env.VITE_SUPABASE_URL || DEFAULT_SUPABASE_URL
