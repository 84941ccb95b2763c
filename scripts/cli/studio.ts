// `npm run studio`: Sanity Studio's development server on STUDIO_PORT, reloading as the schema changes.
// Without a Sanity project it edits the embedded Content Lake (started here when it is not running).
import {startEmbeddedLakeIfNeeded} from '@quantedge/studio/content-lake/ensure'
import {readContentEnv} from '@quantedge/web/content/env'
import {run} from '@quantedge/server-kit/run'
import {studioDir, studioEnv} from '@quantedge/studio/serve/build'

const port = process.env.STUDIO_PORT || '3333'
const lake = process.env.SANITY_STUDIO_PROJECT_ID ? undefined : await startEmbeddedLakeIfNeeded(readContentEnv())
try {
  await run('sanity', ['dev', '--port', port], {cwd: studioDir, env: studioEnv('http://localhost:3001')})
} finally {
  await lake?.close()
}
