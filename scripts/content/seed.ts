// `npm run seed [-- --force]`: the spec's content into the configured Content Lake.
import {contentClient} from '@quantedge/content-access/client'
import {describeContentLake, readContentEnv} from '@quantedge/content-access/env'
import {withContentLake} from '@quantedge/content-lake/ensure'
import {seedContentLake} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'

const force = process.argv.includes('--force')
const env = readContentEnv()
const target = describeContentLake(env)

try {
  const report = await withContentLake(env, () =>
    seedContentLake(contentClient('write', env), seedDocuments, {force}),
  )
  console.log(
    `Seeded ${target}: created ${report.created.length}, kept ${report.kept.length}, replaced ${report.replaced.length}`,
  )
  if (report.kept.length > 0)
    console.log('  kept (already in the lake; --force replaces them):', report.kept.join(', '))
} catch (error) {
  console.error(`Seeding ${target} failed: ${describe(error)}`)
  process.exit(1)
}

/** The error and, for a network failure, its cause (such as ECONNREFUSED), which says more than "fetch failed". */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause =
    error.cause instanceof Error
      ? ` (${(error.cause as Error & {code?: string}).code ?? error.cause.message})`
      : ''
  return `${error.message}${cause}`
}
