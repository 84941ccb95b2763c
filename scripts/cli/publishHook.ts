// `npm run publish-hook`: the deployed publish hook (servers/publish-hook) on this machine, with the embedded
// Content Lake started in this process first when the settings name it and nothing answers there.
import {readContentEnv} from '@quantedge/content-access/env'
import {startEmbeddedLakeIfNeeded} from '@quantedge/content-lake/ensure'

await startEmbeddedLakeIfNeeded(readContentEnv())
await import('@quantedge/publish-hook/main')
