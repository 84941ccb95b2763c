// The deployed publish hook: build the site from the configured Content Lake, serve it, render again what a
// publish changes (Live Content API or signed webhooks; see README), and purge it from the edge the settings name.
// `npm run publish-hook` runs it on this machine (scripts/cli/publishHook.ts).
import {resolve} from 'node:path'
import {configuredEdge} from '@quantedge/edge/purges'
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {prerenderSite, webDir} from '@quantedge/web/prerender'
import {startLiveSite} from './live.ts'

await runUntilStopped(
  {name: 'The publish hook', server: 'publish-hook'},
  async () => {
    const edge = configuredEdge()
    // SITE_BUILD_DIR (relative to web/, as the build reads it): two origins on one machine build apart.
    const siteDir = await prerenderSite({
      buildDir: resolve(webDir, process.env.SITE_BUILD_DIR || 'build'),
    })
    const {port, host} = readSiteServerEnv()
    return startLiveSite({siteDir, sitePort: port, siteHost: host, edge})
  },
  (live) => `Site on ${live.site.url}; publish hook on ${live.hook.url}`,
)
