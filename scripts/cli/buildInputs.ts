// Builds `npm start` may reuse. A build records the fingerprint of everything it reads (server-kit's
// fingerprint.ts, with whatever else its caller names, such as the published content) in its output; when the fingerprint of the inputs is the same next time, the output is reused.
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fingerprintOf, type BuildInputs} from '@quantedge/server-kit/fingerprint'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

const STAMP = '.inputs-fingerprint'

/** What was done for an output: built now, or kept because nothing it reads has changed. */
export type Output = {dir: string; reused: boolean}

/**
 * Reuses `outDir` when it was built from the same inputs, else runs `build` (which returns the folder it
 * filled) and stamps the result.
 */
export async function reuseOrBuild(
  outDir: string,
  inputs: BuildInputs,
  build: () => Promise<string>,
): Promise<Output> {
  const current = fingerprintOf(inputs)
  const stamp = join(outDir, STAMP)
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current)
    return {dir: outDir, reused: true}
  const built = await build()
  writeFileSync(join(built, STAMP), current)
  return {dir: built, reused: false}
}

/** An output's phase line: what was done, and where it is. */
export const described = ({dir, reused}: Output, made: string) =>
  `${reused ? 'kept, nothing it reads changed' : made}: ${relative(repositoryRoot, dir)}`
