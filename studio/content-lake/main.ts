// `npm run lake`: the embedded Content Lake on its ports until stopped.
import {runUntilStopped} from '@quantedge/server-kit/runUntilStopped'
import {startEmbeddedLake} from './ensure.ts'
import {readLakeEnv} from './settings.ts'

const settings = readLakeEnv()
await runUntilStopped(
  {name: 'The embedded Content Lake', server: 'content-lake'},
  () => startEmbeddedLake(settings),
  (lake) =>
    `Embedded Content Lake on ${lake.url}, and ${lake.secureUrl} for the Studio (HTTP/2; without it, its event streams on ${lake.streamUrls.join(', ')}) (data: ${settings.dataDir})`,
)
