// `npm start`: the whole product on this machine from the embedded defaults, with its addresses printed.
import {describeContentLake, readContentEnv, readLakeEnv} from '@quantedge/web/content/env'
import {startEmbeddedLakeIfNeeded} from '@quantedge/studio/content-lake/ensure'
import {buildSite} from './build.ts'
import {startSiteServer} from './site/server.ts'

const content = readContentEnv()
const sitePort = Number(process.env.SITE_PORT || 3000)

try {
  const lake = await startEmbeddedLakeIfNeeded(content)
  const siteDir = await buildSite(content)
  const site = await startSiteServer(siteDir, sitePort, process.env.SITE_HOST || '127.0.0.1')
  console.log('')
  console.log(`  Site            ${site.url}`)
  console.log(`  Content Lake    ${describeContentLake(content)}${lake ? `, embedded, data in ${readLakeEnv().dataDir}` : ''}`)
  console.log('')
  console.log('  Press Ctrl+C to stop.')
  const stop = async () => {
    await site.close()
    await lake?.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
