// `npm run build`: types from the schema and queries, then the site prerendered from published content.
// An empty lake is seeded first; with the embedded lake configured and not running, it runs for the build.
import {contentClient} from '@quantedge/web/content/client'
import {readContentEnv, type ContentEnv} from '@quantedge/web/content/env'
import {withContentLake} from '@quantedge/studio/content-lake/ensure'
import {run} from './run.ts'
import {seedDocuments} from './seed/documents.ts'
import {seedIfEmpty} from './seed/seed.ts'
import {prerenderSite} from './site/prerender.ts'

/** Builds the site from the lake the configuration names, which must be reachable; returns the output folder. */
export async function buildSite(env: ContentEnv = readContentEnv()) {
  await run('npm', ['run', 'typegen'])
  const report = await seedIfEmpty(contentClient('write', env), seedDocuments)
  if (report) console.log(`The Content Lake was empty: seeded ${report.created.length} documents.`)
  return prerenderSite()
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
