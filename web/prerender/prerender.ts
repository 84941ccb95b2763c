// Prerenders every route into `<buildDir>/client` from the Content Lake the environment names, records what each
// output read (recordReads.ts, `<buildDir>/reads.json`), writes the variants of the site's own images
// (siteImages.server.ts), makes pages paint before they hydrate, writes the headers (securityHeaders.ts), and
// precompresses the output for the static server. The bundles depend on the app's sources and public settings, not on the content: a build of the same
// sources and settings starts from the kept one (server-kit's keptBuilds.ts) and renders every output again from
// this content (renderAll.ts), as a publish re-renders some of them.
import {cpSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {buildOrStartFromKept} from '@quantedge/server-kit/keptBuilds'
import {run} from '@quantedge/server-kit/run'
import {deferHydration} from './deferHydration.ts'
import {writeSecurityHeaders} from './securityHeaders.ts'
import {readReads} from './incremental.ts'
import {defaultAssetCacheDir, precompress} from './precompress.ts'
import {writeSiteImageVariants} from '../app/content/siteImages.server.ts'
import {defaultBuildDir, defaultPreviewBuildDir, PRODUCTION, webDir} from './webDir.ts'

export {defaultBuildDir, defaultPreviewBuildDir, PRODUCTION, webDir}

/**
 * What a site build reads: the app, how content is reached, and the content model's page list and price formats
 * (with the package's exports that name them). Not the Studio's schema types: the site reads only their generated
 * types, which no bundle holds, so editing a schema type does not compile the site again (siteSources.test.ts
 * follows the imports and fails when the site reads another file of the content model).
 */
export const SITE_SOURCES = [
  'web',
  'packages/content-access',
  'schemas/package.json',
  'schemas/pages.ts',
  'schemas/price.ts',
  'schemas/fixedDocuments.ts',
  'schemas/apiVersion.ts',
  'schemas/landingPages.ts',
  'schemas/redirects.ts',
]

/** Settings a build reads: the content source, the public Supabase settings, the site's own. */
export const siteSettings = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => /^(SANITY|VITE|SITE)_/.test(name)))

/**
 * Settings the bundles hold: Vite's public ones, but for the Supabase project the pages name (root.tsx), and which
 * build it is (SITE_RENDER, read by vite.config.ts); not where the site is served or built, nor the content it reads.
 */
const bundleSettings = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(
    Object.entries({...process.env, ...env}).filter(
      ([name]) =>
        (name.startsWith('VITE_') && !name.startsWith('VITE_SUPABASE_')) || name === 'SITE_RENDER',
    ),
  )

/** React Router's build with its prerender, then the steps after it: the build every kept build started as. */
export async function buildAndPrerender(buildDir: string, env: NodeJS.ProcessEnv) {
  await run('react-router', ['build'], {
    cwd: webDir,
    env: {...env, ...PRODUCTION, SITE_BUILD_DIR: buildDir},
  })
  await run(process.execPath, [join(webDir, 'prerender', 'recordReads.ts'), buildDir], {
    cwd: webDir,
    env: {...env, ...PRODUCTION},
  })
  const clientDir = join(buildDir, 'client')
  await writeSiteImageVariants(join(webDir, 'public'), clientDir)
  deferHydration(clientDir)
  writeSecurityHeaders(clientDir, {...process.env, ...env})
  const landingFiles = Object.values(readReads(buildDir))
    .filter(({landingPage}) => landingPage !== undefined)
    .flatMap(({files}) => files)
  await precompress(clientDir, defaultAssetCacheDir, new Set(landingFiles))
}

/** Fills `buildDir` with a copy of a kept build. */
const copyInto = (buildDir: string) => async (keptDir: string) => {
  rmSync(buildDir, {recursive: true, force: true})
  cpSync(keptDir, buildDir, {recursive: true})
}

/** The site's kept build of these sources and settings put into `buildDir` by `fromKept`, or a build anew. */
const keptOrBuilt = (
  buildDir: string,
  env: NodeJS.ProcessEnv,
  fromKept: (keptDir: string) => Promise<unknown>,
) =>
  buildOrStartFromKept({
    kind: 'site',
    inputs: {sources: SITE_SOURCES, settings: bundleSettings(env)},
    outDir: buildDir,
    build: () => buildAndPrerender(buildDir, env),
    fromKept: async (keptDir) => void (await fromKept(keptDir)),
  })

/**
 * The site build a publish hook renders from (servers/publish-hook/main.ts) and a release ships: the kept build
 * copied as it is, or a build anew (whose prerender reads the lake `env` names). Its pages are what the build that
 * compiled it rendered: the hook renders every output again from its own lake before it serves any (renderAll.ts).
 */
export async function compileSite({
  buildDir = defaultBuildDir,
  env = {},
}: {buildDir?: string; env?: NodeJS.ProcessEnv} = {}) {
  await keptOrBuilt(buildDir, env, copyInto(buildDir))
  return buildDir
}

/** The site built and every output rendered from the lake `env` names; returns its client folder. */
export async function prerenderSite({
  buildDir = defaultBuildDir,
  env = {},
}: {buildDir?: string; env?: NodeJS.ProcessEnv} = {}) {
  await keptOrBuilt(buildDir, env, (keptDir) =>
    run(process.execPath, [join(webDir, 'prerender', 'renderAll.ts'), keptDir, buildDir], {
      cwd: webDir,
      env: {...env, ...PRODUCTION},
    }),
  )
  return join(buildDir, 'client')
}

/** Builds the same routes for the draft-preview server: rendered per request, nothing prerendered. */
export async function buildPreviewSite(buildDir = defaultPreviewBuildDir) {
  const env = {SITE_RENDER: 'preview', SITE_BUILD_DIR: buildDir}
  await buildOrStartFromKept({
    kind: 'preview',
    inputs: {sources: SITE_SOURCES, settings: bundleSettings(env)},
    outDir: buildDir,
    build: async () => {
      await run('react-router', ['build'], {cwd: webDir, env: {...env, ...PRODUCTION}})
      await writeSiteImageVariants(join(webDir, 'public'), join(buildDir, 'client'))
    },
    fromKept: copyInto(buildDir),
  })
  return buildDir
}
