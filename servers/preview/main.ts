// `npm run preview:drafts`: the draft-preview server for the configured Content Lake.
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv} from '@quantedge/content-access/env'
import {buildPreviewSite} from '@quantedge/web/prerender'
import {startPreviewServer} from './server.ts'
import {readPreviewEnv} from './settings.ts'

const {port, publicSiteUrl} = readPreviewEnv()
await runUntilStopped(
  {name: 'The draft preview', server: 'preview'},
  async () =>
    startPreviewServer({
      buildDir: await buildPreviewSite(),
      drafts: contentClient('drafts', readContentEnv()),
      publicSiteUrl,
      studioOrigin: readContentEnv().studioUrl,
      port,
    }),
  (preview) =>
    `Draft preview on ${preview.url} (get a link: npm run content -- preview-url /tradingview)`,
)
