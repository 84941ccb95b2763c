// `npm run supabase`: supabase/local and its dev mailbox until stopped.
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {startLocalSupabase} from './server.ts'
import {localSupabaseSettings} from './settings.ts'

const settings = localSupabaseSettings()
await runUntilStopped(
  {name: 'supabase/local', server: 'supabase'},
  () => startLocalSupabase(settings),
  (supabase) =>
    `Local Supabase on ${supabase.url} (data: ${settings.dataDir}); dev mailbox on ${supabase.mailboxUrl} (a page, and Mailpit's API)`,
)
