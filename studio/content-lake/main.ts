// Runs the embedded Content Lake until stopped: `npm run lake -w studio`, or started by `npm start`.
import {readLakeEnv} from '@quantedge/web/content/env'
import {startEmbeddedLake} from './ensure.ts'

const settings = readLakeEnv()
const lake = await startEmbeddedLake(settings)
console.log(`Embedded Content Lake on ${lake.url}, and ${lake.secureUrl} for the Studio (data: ${settings.dataDir})`)

const stop = () => {
  lake.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
