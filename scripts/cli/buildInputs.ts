// Builds `npm start` may reuse. A build records a fingerprint of everything it reads (its source folders,
// the lockfile, the settings it was given, and whatever else its caller names, such as the published
// content) in its output; when the fingerprint of the inputs is the same next time, the output is reused.
import {createHash} from 'node:crypto'
import {existsSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

/** Folders that hold outputs, dependencies or tests, never a build's inputs. */
const NOT_INPUTS = new Set([
  'node_modules',
  'build',
  'build-preview',
  'dist',
  'generated',
  'e2e',
  '.react-router',
  '.test-builds',
  '.sanity',
  'test-results',
])
const STAMP = '.inputs-fingerprint'

export type BuildInputs = {
  /** Folders and files (relative to the repository) the build reads. */
  sources: string[]
  /** Settings and anything else the output depends on, such as a fingerprint of the content it renders. */
  settings: Record<string, unknown>
}

function fingerprint({sources, settings}: BuildInputs): string {
  const hash = createHash('sha256').update(JSON.stringify(settings))
  const files = [
    ...sources.flatMap((source) => filesUnder(join(repositoryRoot, source))),
    join(repositoryRoot, 'package-lock.json'),
  ]
  for (const file of files.sort())
    hash.update(`\0${relative(repositoryRoot, file)}\0`).update(readFileSync(file))
  return hash.digest('hex')
}

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, {withFileTypes: true}).flatMap((entry) => {
    const inside = join(path, entry.name)
    // A folder with a package of its own is another workspace, which this build does not read.
    if (entry.isDirectory())
      return NOT_INPUTS.has(entry.name) || existsSync(join(inside, 'package.json'))
        ? []
        : filesUnder(inside)
    return entry.isFile() && !/\.test\.tsx?$/.test(entry.name) ? [inside] : []
  })
}

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
  const current = fingerprint(inputs)
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
