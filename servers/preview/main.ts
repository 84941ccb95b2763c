// The deployed draft-preview server for the configured Content Lake, serving the preview build as it is (web's
// build-preview/, a release's own; `npm run preview:drafts` builds it first on this machine, scripts/cli/preview.ts).
// A wrong setting (no read token, one the lake refuses) stops it at start with one line naming the setting.
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {checkContentLake} from '@quantedge/content-access/checkLake'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv} from '@quantedge/content-access/env'
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {defaultPreviewBuildDir} from '@quantedge/web/prerender/webDir'
import {startPreviewServer} from './server.ts'
import {readPreviewEnv} from './settings.ts'

await runUntilStopped(
  {name: 'The draft preview', server: 'preview'},
  async () => {
    const {port, host, publicSiteUrl} = readPreviewEnv()
    const content = readContentEnv()
    // Every page names the Supabase project (root.tsx): refused here once, by name, rather than by each page.
    readSupabaseSettings()
    if (!existsSync(join(defaultPreviewBuildDir, 'server', 'index.js'))) {
      throw new Error(
        `there is no preview build in ${defaultPreviewBuildDir}: npm run preview:drafts builds it on this machine, npm run release for a host`,
      )
    }
    await checkContentLake(content, 'drafts')
    return startPreviewServer({
      buildDir: defaultPreviewBuildDir,
      drafts: contentClient('drafts', content),
      publicSiteUrl,
      studioOrigin: content.studioUrl,
      port,
      host,
    })
  },
  (preview) =>
    `Draft preview on ${preview.url} (get a link in the Studio's Presentation tool, or: npm run content -- preview-url /tradingview)`,
)
