// Prerenders every route into `<buildDir>/client` from the Content Lake the environment names, records what each
// output read (recordReads.ts, `<buildDir>/reads.json`), makes pages paint before they hydrate, and precompresses
// the output for the static server.
import {join, resolve} from 'node:path'
import {run} from '@quantedge/server-kit/run'
import {deferHydration} from './deferHydration.ts'
import {defaultAssetCacheDir, precompress} from './precompress.ts'

export const webDir = resolve(import.meta.dirname, '..')
export const defaultBuildDir = join(webDir, 'build')

export async function prerenderSite({
  buildDir = defaultBuildDir,
  env = {},
}: {buildDir?: string; env?: NodeJS.ProcessEnv} = {}) {
  await run('react-router', ['build'], {cwd: webDir, env: {...env, SITE_BUILD_DIR: buildDir}})
  await run(process.execPath, [join(webDir, 'prerender', 'recordReads.ts'), buildDir], {
    cwd: webDir,
    env,
  })
  const clientDir = join(buildDir, 'client')
  deferHydration(clientDir)
  precompress(clientDir, defaultAssetCacheDir)
  return clientDir
}

export const defaultPreviewBuildDir = join(webDir, 'build-preview')

/** Builds the same routes for the draft-preview server: rendered per request, nothing prerendered. */
export async function buildPreviewSite(buildDir = defaultPreviewBuildDir) {
  await run('react-router', ['build'], {
    cwd: webDir,
    env: {SITE_RENDER: 'preview', SITE_BUILD_DIR: buildDir},
  })
  return buildDir
}
