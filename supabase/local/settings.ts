// Where supabase/local listens and keeps its data, from the environment (defaults in .env.example): the
// Supabase CLI's local ports, so `supabase start` can take its place. Auth settings come from
// supabase/config.toml; whoever starts the stand-in beside a site on another port passes that site's URL.
import {resolve} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {portSetting, type Env} from '@quantedge/server-kit/settings'
import type {LocalSupabaseOptions} from './server.ts'

export function localSupabaseSettings(env: Env = process.env): LocalSupabaseOptions {
  return {
    dataDir: resolve(repositoryRoot, env.SUPABASE_LOCAL_DATA_DIR || '.data/supabase'),
    port: portSetting('SUPABASE_LOCAL_PORT', 54321, env),
    mailboxPort: portSetting('SUPABASE_MAILBOX_PORT', 54324, env),
  }
}
