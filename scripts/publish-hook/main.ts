// `npm run publish-hook`: serve the built site and rebuild it when a signed webhook says content was
// published. Point a Sanity GROQ-powered webhook at it (see README), or the embedded lake sends one.
import {readContentEnv} from '@quantedge/web/content/env'
import {withContentLake} from '@quantedge/studio/content-lake/ensure'
import {prerenderSite} from '@quantedge/web/prerender'
import {startLiveSite} from './live.ts'

const env = readContentEnv()
const siteDir = await withContentLake(env, () => prerenderSite())
const live = await startLiveSite({siteDir, sitePort: Number(process.env.SITE_PORT || 3000)})
console.log(`Site on ${live.site.url}; publish hook on ${live.hook.url}`)
process.once('SIGINT', () => void live.close().then(() => process.exit(0)))
process.once('SIGTERM', () => void live.close().then(() => process.exit(0)))
