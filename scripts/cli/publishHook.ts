// `npm run publish-hook`: the deployed publish hook (servers/publish-hook) on this machine, with the embedded
// Content Lake started in this process first when the settings name it and nothing answers there, and the site
// build it renders from compiled first (web/build, or SITE_BUILD_DIR; a kept build of the same sources is copied),
// as `npm run release` compiles it for a host.
import {resolve} from 'node:path'
import {readContentEnv} from '@quantedge/content-access/env'
import {startEmbeddedLakeIfNeeded} from '@quantedge/content-lake/ensure'
import {compileSite, webDir} from '@quantedge/web/prerender'

await startEmbeddedLakeIfNeeded(readContentEnv())
await compileSite({buildDir: resolve(webDir, process.env.SITE_BUILD_DIR || 'build')})
await import('@quantedge/publish-hook/main')
