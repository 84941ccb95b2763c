// Builds Sanity Studio into a static app for the lake or project the given SANITY_STUDIO_* settings name.
import {join} from 'node:path'
import {repositoryRoot, run} from '../run.ts'

export const studioDir = join(repositoryRoot, 'studio')

export async function buildStudio(outDir: string, env: Record<string, string> = {}) {
  await run('sanity', ['build', outDir, '--yes'], {cwd: studioDir, env})
  return outDir
}
