// The public site with publish-to-live: the static server, a publisher that rebuilds into release folders
// and swaps them in, and the webhook receiver that triggers it. Used by `npm start` and `npm run publish-hook`.
import {join} from 'node:path'
import {prerenderSite, webDir} from '@quantedge/web/prerender'
import {startSiteServer} from '@quantedge/site-server/server'
import {Publisher} from './publisher.ts'
import {readPublishHookEnv, type PublishHookEnv} from './settings.ts'
import {startPublishHook} from './receiver.ts'

type LiveSiteOptions = {
  siteDir: string
  sitePort: number
  siteHost?: string
  /** Settings for the rebuilds (tests point them at their own lake). */
  env?: NodeJS.ProcessEnv
  hookEnv?: PublishHookEnv
  releasesDir?: string
}

export async function startLiveSite({
  siteDir,
  sitePort,
  siteHost = '127.0.0.1',
  env = {},
  hookEnv = readPublishHookEnv(),
  releasesDir = join(webDir, '.releases'),
}: LiveSiteOptions) {
  const site = await startSiteServer(siteDir, sitePort, siteHost)
  const publisher = new Publisher({
    releasesDir,
    build: (buildDir) => prerenderSite({buildDir, env}),
    swap: site.setRoot,
    debounceMs: hookEnv.debounceMs,
  })
  const hook = await startPublishHook({port: hookEnv.port, secret: hookEnv.secret, publisher})
  return {
    site,
    hook,
    publisher,
    close: async () => {
      await hook.close()
      await publisher.close()
      await site.close()
    },
  }
}
