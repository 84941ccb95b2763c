// `npm run preview:drafts`: the draft-preview server for the configured Content Lake, on PREVIEW_PORT.
import {contentClient} from '@quantedge/web/content/client'
import {readContentEnv, readPreviewEnv} from '@quantedge/web/content/env'
import {buildPreviewSite} from '@quantedge/web/prerender'
import {startPreviewServer} from './server.ts'

const {port} = readPreviewEnv()
const preview = await startPreviewServer({
  buildDir: await buildPreviewSite(),
  drafts: contentClient('drafts', readContentEnv()),
  publicSiteUrl: `http://localhost:${process.env.SITE_PORT || 3000}`,
  port,
})
console.log(`Draft preview on ${preview.url} (get a link: npm run content -- preview-url /tradingview)`)
process.once('SIGINT', () => void preview.close().then(() => process.exit(0)))
process.once('SIGTERM', () => void preview.close().then(() => process.exit(0)))
