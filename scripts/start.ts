// `npm start`: the whole product on this machine from the embedded defaults, with its addresses printed:
// the public site with publish-to-live, the draft preview, the Content Lake, and Supabase.
import {startEmbeddedLakeIfNeeded} from '@quantedge/studio/content-lake/ensure'
import {configuredSupabase, startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {contentClient} from '@quantedge/web/content/client'
import {describeContentLake, readContentEnv, readLakeEnv, readPreviewEnv} from '@quantedge/web/content/env'
import {buildSite} from './build.ts'
import {startPreviewServer} from './preview/server.ts'
import {startLiveSite} from './publish/live.ts'
import {buildPreviewSite} from './site/prerender.ts'

const content = readContentEnv()
const sitePort = Number(process.env.SITE_PORT || 3000)

try {
  const lake = await startEmbeddedLakeIfNeeded(content)
  const supabase = await startLocalSupabaseIfNeeded()
  const siteDir = await buildSite(content)
  const live = await startLiveSite({siteDir, sitePort, siteHost: process.env.SITE_HOST || '127.0.0.1'})
  const preview = await startPreviewServer({
    buildDir: await buildPreviewSite(),
    drafts: contentClient('drafts', content),
    publicSiteUrl: live.site.url,
    port: readPreviewEnv().port,
  })
  const {url: supabaseUrl, settings} = configuredSupabase()
  console.log('')
  console.log(`  Site            ${live.site.url}`)
  console.log(`  Draft preview   ${preview.url}  (link: npm run content -- preview-url /tradingview)`)
  console.log(`  Publish hook    ${live.hook.url}  (rebuilds the site when content is published)`)
  console.log(`  Content Lake    ${describeContentLake(content)}${lake ? `, embedded, data in ${readLakeEnv().dataDir}` : ''}`)
  console.log(`  Supabase API    ${supabaseUrl}${supabase ? `, local stand-in, data in ${settings.dataDir}` : ''}`)
  if (supabase) console.log(`  Dev mailbox     ${supabase.mailboxUrl}  (confirmation and password-reset e-mails)`)
  console.log('')
  console.log('  Edit as an editor: npm run content -- edit indicator-straddle price=750, then publish indicator-straddle')
  console.log('  Press Ctrl+C to stop.')
  const stop = async () => {
    await preview.close()
    await live.close()
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
