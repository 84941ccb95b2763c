// `npm run build`: types from the schema and queries, then the site prerendered from published content.
// An empty lake is seeded first; with the embedded lake configured and not running, it runs for the build.
import {createHash} from 'node:crypto'
import {join, relative} from 'node:path'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv, type ContentEnv} from '@quantedge/content-access/env'
import {withContentLake} from '@quantedge/content-lake/ensure'
import {readLakeEnv} from '@quantedge/content-lake/settings'
import {described, reuseOrBuild} from './buildInputs.ts'
import {phase, PhaseFailed, type Phases} from './phases.ts'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {run, stopRunningCommands} from '@quantedge/server-kit/run'
import {seedIfEmpty} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'
import {defaultBuildDir, prerenderSite, SITE_SOURCES, siteSettings} from '@quantedge/web/prerender'

/** What the published content is now: every published document's id and revision. */
async function publishedContent(env: ContentEnv) {
  const revisions = await contentClient('published', env).fetch<unknown[]>(
    '*[!(_id in path("drafts.**"))] | order(_id) {_id, _rev}',
  )
  return createHash('sha256').update(JSON.stringify(revisions)).digest('hex')
}

const studioDir = join(repositoryRoot, 'studio')

/** The generated types, made again only when the schema or the queries changed. */
const typegen = () =>
  reuseOrBuild(
    join(repositoryRoot, 'schemas', 'generated'),
    {
      sources: [
        'schemas',
        'packages/content-access',
        'web/app',
        'studio/sanity.cli.ts',
        'studio/environment.ts',
      ],
      settings: {},
    },
    async () => {
      // The studio workspace's `typegen` script, without npm around it.
      await run(process.execPath, ['typegen.ts'], {cwd: studioDir})
      return join(repositoryRoot, 'schemas', 'generated')
    },
  )

/**
 * The types from the schema and queries: nothing at run time reads them, so they are made beside the builds (or,
 * for `npm start`, in the background: `among` names the phases they belong to).
 */
export const typesPhase = (among: Phases = phase) =>
  among('Types', async () => {
    const types = await typegen()
    return {value: types, did: described(types, 'generated from the schema and queries')}
  })

/** The content the site renders: the lake is seeded when it is empty. */
export const contentPhase = (env: ContentEnv, after: Promise<unknown>[] = []) =>
  phase(
    'Content',
    async () => {
      const report = await seedIfEmpty(contentClient('write', env), seedDocuments)
      const did = report
        ? `the lake was empty: seeded ${report.created.length} documents`
        : 'kept as it is in the lake'
      return {value: report, did}
    },
    {after},
  )

/** The prerendered site, once the content it renders is there; returns the site's folder. */
export const sitePhase = (env: ContentEnv, after: Promise<unknown>[] = []) =>
  phase(
    'Site',
    async () => {
      const inputs = {
        sources: SITE_SOURCES,
        settings: {...siteSettings(process.env), content: await publishedContent(env)},
      }
      const site = await reuseOrBuild(join(defaultBuildDir, 'client'), inputs, () =>
        prerenderSite(),
      )
      return {value: site.dir, did: described(site, 'prerendered')}
    },
    {after},
  )

/**
 * Builds the site from the lake the configuration names, which must be reachable, in three phases: the types,
 * the content (seeded when the lake is empty) and the prerendered site; returns the site's folder. An output
 * built from the same sources, settings and published content is kept as it is.
 */
export async function buildSite(env: ContentEnv = readContentEnv()) {
  const types = typesPhase()
  const content = contentPhase(env)
  const site = sitePhase(env, [content])
  await Promise.all([types, site])
  await phase.allPrinted()
  return site
}

if (import.meta.main) {
  const started = performance.now()
  try {
    console.log(
      "Building the site (each phase's output: .data/logs; npm run build -- --verbose shows it)",
    )
    const env = readContentEnv()
    // A lake started for the build tells no publish hook of the content it seeds: the build renders it.
    const siteDir = await withContentLake(env, () => buildSite(env), {
      ...readLakeEnv(),
      webhooks: [],
    })
    console.log(
      `Built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${relative(repositoryRoot, siteDir)}`,
    )
  } catch (error) {
    stopRunningCommands()
    if (!(error instanceof PhaseFailed))
      console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
