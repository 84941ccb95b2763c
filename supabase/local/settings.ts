// Where supabase/local listens and keeps its data, from the environment (defaults in .env.example): the
// Supabase CLI's local ports, so `supabase start` can take its place. Auth settings come from
// supabase/config.toml; SITE_PORT, when set, moves its site URL to that port.
import {resolve} from 'node:path'
import {readAuthConfig} from './config.ts'
import type {LocalSupabaseOptions} from './server.ts'

const repositoryRoot = resolve(import.meta.dirname, '..', '..')

function port(name: string, fallback: number, env: Record<string, string | undefined>) {
  const value = Number(env[name] || fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} "${env[name]}" is not a port number`)
  return value
}

export function localSupabaseSettings(env: Record<string, string | undefined> = process.env): LocalSupabaseOptions {
  const siteUrl = new URL(readAuthConfig().siteUrl)
  if (env.SITE_PORT) siteUrl.port = String(port('SITE_PORT', 3000, env))
  return {
    dataDir: resolve(repositoryRoot, env.SUPABASE_LOCAL_DATA_DIR || '.data/supabase'),
    port: port('SUPABASE_LOCAL_PORT', 54321, env),
    mailboxPort: port('SUPABASE_MAILBOX_PORT', 54324, env),
    auth: {siteUrl: siteUrl.origin},
  }
}
