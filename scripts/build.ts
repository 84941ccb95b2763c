// `npm run build`: types from the schema and queries, then the site prerendered from published content.
// An empty embedded lake is seeded first; with no lake running, one runs in-process for the build.
import {contentClient} from '@quantedge/web/content/client'
import {readContentEnv} from '@quantedge/web/content/env'
import {withContentLake} from '@quantedge/studio/content-lake/ensure'
import {repositoryRoot, run} from './run.ts'
import {seedDocuments} from './seed/documents.ts'
import {seedIfEmpty} from './seed/seed.ts'

const env = readContentEnv()

try {
  await run('npm', ['run', 'typegen'])
  await withContentLake(env, async () => {
    const report = await seedIfEmpty(contentClient('write', env), seedDocuments)
    if (report) console.log(`The Content Lake was empty: seeded ${report.created.length} documents.`)
    await run('react-router', ['build'], {cwd: `${repositoryRoot}/web`})
  })
} catch (error) {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
