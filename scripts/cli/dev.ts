// `npm run dev`: work on the site and the content model with hot reload. Runs, each line labelled:
//   lake      the embedded Content Lake (unless the configured one already answers)
//   supabase  supabase/local (unless it already answers)
//   site      React Router's dev server, rendering every request from the lake, reloading as code changes
//   studio    Sanity Studio's dev server, reloading as the schema changes
// Ctrl+C stops them all; if one fails, the others are stopped too.
import {join} from 'node:path'
import concurrently, {type ConcurrentlyCommandInput} from 'concurrently'
import {embeddedLakeIsNeeded} from '@quantedge/content-lake/ensure'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {run} from '@quantedge/server-kit/run'
import {portSetting} from '@quantedge/server-kit/settings'
import {studioDir, studioEnv, studioLakeAddresses} from '@quantedge/studio/serve/build'
import {readStudioServerEnv} from '@quantedge/studio/serve/settings'
import {standInIsNeeded} from '@quantedge/supabase/local/ensure'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {readContentEnv} from '@quantedge/content-access/env'

/** The dev server's port (DEV_SITE_PORT; default 5173, Vite's). */
const sitePort = portSetting('DEV_SITE_PORT', 5173)
const lake = readLakeEnv()

await run('npm', ['run', 'typegen'])
const commands: ConcurrentlyCommandInput[] = [
  {
    name: 'site',
    command: `react-router dev --port ${sitePort} --strictPort`,
    cwd: join(repositoryRoot, 'web'),
    prefixColor: 'magenta',
  },
  {
    name: 'studio',
    command: `sanity dev --port ${readStudioServerEnv().port}`,
    cwd: studioDir,
    env: studioEnv({
      previewUrl: `http://localhost:${readPreviewEnv().port}`,
      lake: studioLakeAddresses(lake),
    }),
    prefixColor: 'yellow',
  },
]
if (await embeddedLakeIsNeeded(readContentEnv(), lake)) {
  commands.unshift({
    name: 'lake',
    command: 'npm run lake',
    cwd: repositoryRoot,
    prefixColor: 'cyan',
  })
}
if (await standInIsNeeded(readSupabaseSettings().url)) {
  commands.unshift({
    name: 'supabase',
    command: 'npm run supabase',
    cwd: repositoryRoot,
    prefixColor: 'green',
  })
}
console.log(
  `Site (hot reload) on http://localhost:${sitePort}; Studio on http://localhost:${readStudioServerEnv().port}`,
)
const {result} = concurrently(commands, {prefix: 'name', killOthersOn: ['failure']})
await result.catch(() => process.exit(1))
