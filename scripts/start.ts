// `npm start`: the whole product on this machine from the embedded defaults, with its addresses printed.
import {startEmbeddedLakeIfNeeded} from '@quantedge/studio/content-lake/ensure'
import {configuredSupabase, startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {describeContentLake, readContentEnv, readLakeEnv} from '@quantedge/web/content/env'
import {buildSite} from './build.ts'
import {startSiteServer} from './site/server.ts'

const content = readContentEnv()
const sitePort = Number(process.env.SITE_PORT || 3000)

try {
  const lake = await startEmbeddedLakeIfNeeded(content)
  const supabase = await startLocalSupabaseIfNeeded()
  const siteDir = await buildSite(content)
  const site = await startSiteServer(siteDir, sitePort, process.env.SITE_HOST || '127.0.0.1')
  const {url: supabaseUrl, settings} = configuredSupabase()
  console.log('')
  console.log(`  Site            ${site.url}`)
  console.log(`  Content Lake    ${describeContentLake(content)}${lake ? `, embedded, data in ${readLakeEnv().dataDir}` : ''}`)
  console.log(`  Supabase API    ${supabaseUrl}${supabase ? `, local stand-in, data in ${settings.dataDir}` : ''}`)
  if (supabase) console.log(`  Dev mailbox     ${supabase.mailboxUrl}  (confirmation and password-reset e-mails)`)
  console.log('')
  console.log('  Press Ctrl+C to stop.')
  const stop = async () => {
    await site.close()
    await supabase?.close()
    await lake?.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
