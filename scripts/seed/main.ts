// `npm run seed [-- --force]`: the spec's content into the configured Content Lake.
import {contentClient} from '@quantedge/web/content/client'
import {readContentEnv} from '@quantedge/web/content/env'
import {withContentLake} from '@quantedge/studio/content-lake/ensure'
import {seedDocuments} from './documents.ts'
import {seedContentLake} from './seed.ts'

const force = process.argv.includes('--force')
const env = readContentEnv()

try {
  const report = await withContentLake(env, () => seedContentLake(contentClient('write', env), seedDocuments, {force}))
  console.log(`Seeded ${env.apiHost || `Sanity project ${env.projectId}`} (dataset ${env.dataset}):`)
  console.log(`  created ${report.created.length}, kept ${report.kept.length}, replaced ${report.replaced.length}`)
  if (report.kept.length > 0) console.log('  kept (already in the lake; --force replaces them):', report.kept.join(', '))
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
