// Runs supabase/local until stopped: `npm run supabase`, or started by `npm start`.
import {startLocalSupabase} from './server.ts'
import {localSupabaseSettings} from './settings.ts'

const settings = localSupabaseSettings()
const supabase = await startLocalSupabase(settings)
console.log(`Local Supabase on ${supabase.url} (data: ${settings.dataDir}); dev mailbox on ${supabase.mailboxUrl}`)

const stop = () => {
  supabase.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
