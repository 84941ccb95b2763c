// A fingerprint of everything a build reads (its source folders, the lockfile and the settings it was given), so
// that an output built from the same inputs can be kept and used again instead of built again.
import {createHash} from 'node:crypto'
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'
import {repositoryRoot} from './repositoryRoot.ts'

/** Folders that hold outputs, dependencies or tests, never a build's inputs (nor `dist-*`, a test's own build). */
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

export type BuildInputs = {
  /** Folders and files (relative to the repository) the build reads. */
  sources: string[]
  /** Settings and anything else the output depends on, such as a fingerprint of the content it renders. */
  settings: Record<string, unknown>
}

export function fingerprintOf({sources, settings}: BuildInputs): string {
  const hash = createHash('sha256').update(JSON.stringify(settings))
  for (const file of inputFiles(sources))
    hash.update(`\0${relative(repositoryRoot, file)}\0`).update(readFileSync(file))
  return hash.digest('hex')
}

/** The files a fingerprint of `sources` reads, sorted: theirs (bar outputs, packages and tests) and the lockfile. */
export function inputFiles(sources: string[]): string[] {
  return [
    ...sources.flatMap((source) => filesUnder(join(repositoryRoot, source))),
    join(repositoryRoot, 'package-lock.json'),
  ].sort()
}

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, {withFileTypes: true}).flatMap((entry) => {
    const inside = join(path, entry.name)
    // A folder with a package of its own is another workspace, which this build does not read.
    if (entry.isDirectory())
      return NOT_INPUTS.has(entry.name) ||
        entry.name.startsWith('dist-') ||
        existsSync(join(inside, 'package.json'))
        ? []
        : filesUnder(inside)
    return entry.isFile() && !/\.test\.tsx?$/.test(entry.name) ? [inside] : []
  })
}
