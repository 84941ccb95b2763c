// Which Supabase the site is built for: its URL and its public (anon or publishable) key, both written into the
// pages, so nothing secret belongs here. They are settings (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY; this
// machine's are in .env.example), read where pages are rendered (root.tsx's loader puts them in each page, for the
// browser's env.ts) and by the tools that start the stand-in beside the site. A build without them stops, naming
// what is missing.

export type SupabaseSettings = {url: string; anonKey: string}

export function readSupabaseSettings(
  env: Record<string, string | undefined> = process.env,
): SupabaseSettings {
  const url = env.VITE_SUPABASE_URL
  const anonKey = env.VITE_SUPABASE_ANON_KEY
  if (!url || !URL.canParse(url)) {
    throw new Error(
      `VITE_SUPABASE_URL ${url ? `"${url}" is not a URL` : 'is not set'}: your project's URL, or this machine's from .env.example`,
    )
  }
  if (!anonKey) {
    throw new Error(
      "VITE_SUPABASE_ANON_KEY is not set: your project's anon or publishable key, or this machine's from .env.example",
    )
  }
  return {url, anonKey}
}
