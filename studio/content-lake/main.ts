// Runs the embedded Content Lake until stopped: `npm run lake -w studio`, or started by `npm start`.
import {readLakeEnv} from '@quantedge/web/content/env'
import {startContentLake} from './server.ts'

const settings = readLakeEnv()
const lake = await startContentLake(settings)
console.log(`Embedded Content Lake on ${lake.url} (data: ${settings.dataDir})`)

const stop = () => {
  lake.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
