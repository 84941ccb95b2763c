// `npm start`: the whole product on this machine from the embedded defaults, with its addresses printed:
// the Studio, the public site with publish-to-live, the draft preview, the Content Lake, and Supabase.
import {join} from 'node:path'
import {authorityCertificatePath} from '@quantedge/studio/content-lake/certificates'
import {startEmbeddedLakeIfNeeded} from '@quantedge/studio/content-lake/ensure'
import {configuredSupabase, startLocalSupabaseIfNeeded} from '@quantedge/supabase/local/ensure'
import {contentClient} from '@quantedge/web/content/client'
import {describeContentLake, readContentEnv, readLakeEnv, readPreviewEnv} from '@quantedge/web/content/env'
import {buildSite, siteSettings} from './build.ts'
import {reuseOrBuild} from './buildInputs.ts'
import {repositoryRoot} from '@quantedge/server-kit/run'
import {buildStudio, studioEnv} from '@quantedge/studio/serve/build'
import {startStudioServer} from '@quantedge/studio/serve/server'
import {startPreviewServer} from '@quantedge/preview-server/server'
import {startLiveSite} from '@quantedge/publish-hook/live'
import {buildPreviewSite, defaultPreviewBuildDir} from '@quantedge/web/prerender'

const content = readContentEnv()
const sitePort = Number(process.env.SITE_PORT || 3000)
const studioPort = Number(process.env.STUDIO_PORT || 3333)
const lakeEnv = readLakeEnv()

try {
  const lake = await startEmbeddedLakeIfNeeded(content)
  const supabase = await startLocalSupabaseIfNeeded()
  const siteDir = await buildSite(content)
  const live = await startLiveSite({siteDir, sitePort, siteHost: process.env.SITE_HOST || '127.0.0.1'})
  const previewBuild = await reuseOrBuild('Draft preview', defaultPreviewBuildDir, {sources: ['web', 'schemas'], settings: siteSettings(process.env)}, () =>
    buildPreviewSite(),
  )
  const preview = await startPreviewServer({
    buildDir: previewBuild,
    drafts: contentClient('drafts', content),
    publicSiteUrl: live.site.url,
    port: readPreviewEnv().port,
  })
  const studioSettings = studioEnv(preview.url)
  const studioBuild = await reuseOrBuild('Studio', join(repositoryRoot, '.data', 'studio'), {sources: ['studio', 'schemas'], settings: studioSettings}, () =>
    buildStudio(join(repositoryRoot, '.data', 'studio'), studioSettings),
  )
  const studio = await startStudioServer(studioBuild, studioPort)
  const studioProject = process.env.SANITY_STUDIO_PROJECT_ID
  const {url: supabaseUrl, settings} = configuredSupabase()
  console.log('')
  console.log(`  Studio          ${studio.url}  (${studioProject ? `Sanity project ${studioProject}` : 'the local editor, on the embedded lake'})`)
  console.log(`  Site            ${live.site.url}`)
  console.log(`  Draft preview   ${preview.url}  (link: npm run content -- preview-url /tradingview)`)
  console.log(`  Publish hook    ${live.hook.url}  (rebuilds the site when content is published)`)
  console.log(`  Content Lake    ${describeContentLake(content)}${lake ? `, embedded, data in ${lakeEnv.dataDir}` : ''}`)
  if (lake?.secureUrl) {
    console.log(`                  ${lake.secureUrl} for the Studio (HTTP/2; trust ${authorityCertificatePath(lakeEnv.certificateDir)} once)`)
  }
  console.log(`  Supabase API    ${supabaseUrl}${supabase ? `, local stand-in, data in ${settings.dataDir}` : ''}`)
  if (supabase) console.log(`  Dev mailbox     ${supabase.mailboxUrl}  (confirmation and password-reset e-mails)`)
  console.log('')
  console.log('  Edit in the Studio and press Publish: the site rebuilds; drafts show in the draft preview.')
  console.log('  Press Ctrl+C to stop.')
  const stop = async () => {
    await studio.close()
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
