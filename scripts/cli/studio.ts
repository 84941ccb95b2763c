// `npm run studio`: Sanity Studio's development server on STUDIO_PORT, reloading as the schema changes.
// Without a Sanity project it edits the embedded Content Lake (started here when it is not running).
import {startEmbeddedLakeIfNeeded} from '@quantedge/content-lake/ensure'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {run} from '@quantedge/server-kit/run'
import {studioDir, studioEnv, studioLakeAddresses} from '@quantedge/studio/serve/build'
import {readStudioServerEnv} from '@quantedge/studio/serve/settings'
import {readContentEnv} from '@quantedge/content-access/env'

const {port} = readStudioServerEnv()
const lake = studioLakeAddresses(readLakeEnv())
const previewUrl = `http://localhost:${readPreviewEnv().port}`
const started = process.env.SANITY_STUDIO_PROJECT_ID
  ? undefined
  : await startEmbeddedLakeIfNeeded(readContentEnv())
try {
  await run('sanity', ['dev', '--port', String(port)], {
    cwd: studioDir,
    env: studioEnv({previewUrl, lake}),
  })
} finally {
  await started?.close()
}
