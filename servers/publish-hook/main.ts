// The deployed publish hook with the site server: every output of the site build rendered from the configured
// Content Lake, served, rendered again where a publish changes it (Live Content API or signed webhooks; see
// README), and purged from the edge the settings name. No build tool: the site build is a release's (npm run
// release) or, on this machine, web/build as `npm run publish-hook` compiles it first (scripts/cli/publishHook.ts);
// a change of code is a new release. A wrong setting stops it at start with one line naming the setting.
import {findPackageJSON} from 'node:module'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {checkContentLake} from '@quantedge/content-access/checkLake'
import {readContentEnv} from '@quantedge/content-access/env'
import {configuredEdge} from '@quantedge/edge/purges'
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {webDir} from '@quantedge/web/prerender/webDir'
import {startLiveSite} from './live.ts'
import {readPublishHookEnv} from './settings.ts'

/**
 * Each release the hook renders holds a copy of the site's server bundle, which loads its packages from where it
 * lies: the releases' folder must be inside the folder the servers are installed in (it is by default).
 */
function checkReleasesDir(releasesDir: string) {
  try {
    findPackageJSON('react-router', pathToFileURL(join(releasesDir, '/')).href)
  } catch {
    throw new Error(
      `PUBLISH_HOOK_RELEASES_DIR "${releasesDir}": the site's server bundle cannot load its packages there; choose a folder inside the servers' own (default .data/releases)`,
    )
  }
}

await runUntilStopped(
  {name: 'The publish hook', server: 'publish-hook'},
  async () => {
    const edge = configuredEdge()
    const {port, host} = readSiteServerEnv()
    const hookEnv = readPublishHookEnv()
    checkReleasesDir(hookEnv.releasesDir)
    // Every page names the Supabase project (root.tsx): refused here once, by name, rather than by each page.
    readSupabaseSettings()
    await checkContentLake(readContentEnv(), 'published')
    return startLiveSite({
      // SITE_BUILD_DIR (relative to web/, or to a release's root): two origins on one machine render apart.
      site: {siteBuild: resolve(webDir, process.env.SITE_BUILD_DIR || 'build')},
      sitePort: port,
      siteHost: host,
      hookEnv,
      edge,
    })
  },
  (live) => `Site on ${live.site.url}; publish hook on ${live.hook.url}`,
)
