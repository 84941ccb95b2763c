// `npm run build`: types from the schema and queries, then the site prerendered from published content.
// An empty lake is seeded first; with the embedded lake configured and not running, it runs for the build.
import {contentClient} from '@quantedge/web/content/client'
import {readContentEnv, type ContentEnv} from '@quantedge/web/content/env'
import {withContentLake} from '@quantedge/studio/content-lake/ensure'
import {repositoryRoot, run} from './run.ts'
import {seedDocuments} from './seed/documents.ts'
import {seedIfEmpty} from './seed/seed.ts'

export const siteBuildDir = `${repositoryRoot}/web/build/client`

/** Builds the site from the lake the configuration names, which must be reachable. */
export async function buildSite(env: ContentEnv = readContentEnv()) {
  await run('npm', ['run', 'typegen'])
  const report = await seedIfEmpty(contentClient('write', env), seedDocuments)
  if (report) console.log(`The Content Lake was empty: seeded ${report.created.length} documents.`)
  await run('react-router', ['build'], {cwd: `${repositoryRoot}/web`})
}

if (import.meta.main) {
  try {
    const env = readContentEnv()
    await withContentLake(env, () => buildSite(env))
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
