// Builds kept for the next build of the same inputs. Two builds of the site that differ only in the content they
// render compile the same bundles: the first compiles them and keeps its output here (under node_modules/.cache,
// one folder per fingerprint of the sources and settings), the next starts from that output. Processes building the
// same inputs at once take turns on a lock (proper-lockfile's, as the data folders do), so only the first compiles.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import {join} from 'node:path'
import {lock} from 'proper-lockfile'
import {fingerprintOf, type BuildInputs} from './fingerprint.ts'
import {repositoryRoot} from './repositoryRoot.ts'

export const KEPT_BUILDS_DIR = join(repositoryRoot, 'node_modules', '.cache', 'kept-builds')
/** A kept build not used for this long is removed when another is kept. */
const UNUSED_FOR_MS = 60 * 60 * 1000
/** How long a process waits for another one compiling the same inputs (a cold build on a busy machine). */
const WAIT_MS = 10 * 60 * 1000

export type KeptBuildOptions = {
  /** Names the kind of build, as the start of its folder's name. */
  kind: string
  inputs: BuildInputs
  /** Fills `outDir` from nothing. */
  build: () => Promise<void>
  /** Fills `outDir` from a kept build of the same inputs. */
  fromKept: (keptDir: string) => Promise<void>
  outDir: string
  keptBuildsDir?: string
}

/** Fills `outDir` by `fromKept` when a build of the same inputs was kept, else by `build`, and keeps that. */
export async function buildOrStartFromKept({
  kind,
  inputs,
  build,
  fromKept,
  outDir,
  keptBuildsDir = KEPT_BUILDS_DIR,
}: KeptBuildOptions): Promise<'built' | 'from a kept build'> {
  mkdirSync(keptBuildsDir, {recursive: true})
  const keptDir = join(keptBuildsDir, `${kind}-${fingerprintOf(inputs)}`)
  const release = await lock(keptDir, {
    lockfilePath: `${keptDir}.lock`,
    realpath: false,
    stale: 30_000,
    retries: {retries: WAIT_MS / 250, factor: 1, minTimeout: 250, maxTimeout: 250},
    // A lock lost while the event loop stalled costs at most a second compile of the same inputs.
    onCompromised: () => {},
  })
  try {
    if (!existsSync(keptDir)) {
      await build()
      keep(outDir, keptDir)
      forgetUnused(keptBuildsDir)
      return 'built'
    }
    // Marked as used before the lock goes, so no other process forgets it while it is copied.
    const now = new Date()
    utimesSync(keptDir, now, now)
  } finally {
    await release().catch(() => {})
  }
  await fromKept(keptDir)
  return 'from a kept build'
}

/** Copies `outDir` to `keptDir` whole or not at all: a copy beside it, then renamed into place. */
function keep(outDir: string, keptDir: string) {
  const copy = `${keptDir}.${process.pid}.copy`
  cpSync(outDir, copy, {recursive: true})
  try {
    renameSync(copy, keptDir)
  } catch (error) {
    rmSync(copy, {recursive: true, force: true})
    if (!existsSync(keptDir)) throw error
  }
}

function forgetUnused(keptBuildsDir: string) {
  for (const entry of readdirSync(keptBuildsDir)) {
    const path = join(keptBuildsDir, entry)
    if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS)
      rmSync(path, {recursive: true, force: true})
  }
}
