// `npm run publish-hook`: serve the built site and rebuild it when a signed webhook says content was
// published. Point a Sanity GROQ-powered webhook at it (see README), or the embedded lake sends one.
import {withContentLake} from '@quantedge/content-lake/ensure'
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {readContentEnv} from '@quantedge/web/content/env'
import {prerenderSite} from '@quantedge/web/prerender'
import {startLiveSite} from './live.ts'

await runUntilStopped(
  'The publish hook',
  async () => {
    const siteDir = await withContentLake(readContentEnv(), () => prerenderSite())
    const {port, host} = readSiteServerEnv()
    return startLiveSite({siteDir, sitePort: port, siteHost: host})
  },
  (live) => `Site on ${live.site.url}; publish hook on ${live.hook.url}`,
)
