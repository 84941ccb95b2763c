// Runs supabase/local until stopped: `npm run supabase`, or started by `npm start`.
import {DataFolderInUseError} from '@quantedge/server-kit/dataFolderLock'
import {startLocalSupabase} from './server.ts'
import {localSupabaseSettings} from './settings.ts'

const settings = localSupabaseSettings()
const supabase = await startLocalSupabase(settings).catch((error: unknown) => {
  if (!(error instanceof DataFolderInUseError)) throw error
  console.error(`supabase/local did not start: ${error.message}`)
  process.exit(1)
})
console.log(
  `Local Supabase on ${supabase.url} (data: ${settings.dataDir}); dev mailbox on ${supabase.mailboxUrl}`,
)

const stop = () => {
  supabase.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
