// Builds Sanity Studio into a static app, for the embedded lake when no Sanity project is configured and
// for the configured project otherwise. The Studio reads only SANITY_STUDIO_* settings, at build time.
import {resolve} from 'node:path'
import {run} from '@quantedge/server-kit/run'

export const studioDir = resolve(import.meta.dirname, '..')

type Env = Record<string, string | undefined>

/**
 * The Studio's build settings: the draft preview it opens and, without a Sanity project, the embedded lake's
 * HTTP/2 address (`lakeUrl`), unless SANITY_STUDIO_* settings say otherwise.
 */
export function studioEnv(
  {previewUrl, lakeUrl}: {previewUrl: string; lakeUrl: string},
  env: Env = process.env,
): Record<string, string> {
  const settings = {SANITY_STUDIO_PREVIEW_URL: env.SANITY_STUDIO_PREVIEW_URL || previewUrl}
  if (env.SANITY_STUDIO_PROJECT_ID) return settings
  return {...settings, SANITY_STUDIO_API_HOST: env.SANITY_STUDIO_API_HOST || lakeUrl}
}

export async function buildStudio(outDir: string, env: Record<string, string> = {}) {
  await run('sanity', ['build', outDir, '--yes'], {cwd: studioDir, env})
  return outDir
}
