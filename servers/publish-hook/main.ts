// The deployed publish hook: build the site from the configured Content Lake, serve it, render again what a
// publish changes (Live Content API or signed webhooks; see README), and purge it from the edge the settings name. `npm run publish-hook` runs it on this
// machine (scripts/cli/publishHook.ts).
import {configuredEdge} from '@quantedge/edge/purges'
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {prerenderSite} from '@quantedge/web/prerender'
import {startLiveSite} from './live.ts'

await runUntilStopped(
  'The publish hook',
  async () => {
    const edge = configuredEdge()
    const siteDir = await prerenderSite()
    const {port, host} = readSiteServerEnv()
    return startLiveSite({siteDir, sitePort: port, siteHost: host, edge})
  },
  (live) => `Site on ${live.site.url}; publish hook on ${live.hook.url}`,
)
