// A release from the live one with only the outputs a change touches rendered again: the paths whose recorded
// reads (reads.json) meet the change's sync tags, and the landing pages published, moved or deleted since. Every
// other file is a hard link to the live release's, made while the pages render, so unchanged pages cost nothing; a
// re-rendered file is not linked, so never written through a link. The same
// post-steps as a full build (deferHydration.ts, precompress.ts) then run on the re-rendered files alone, and the
// headers (securityHeaders.ts) are written again from the pages as they now are, each re-rendered page's policy
// read by the thread that rendered it.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Dirent,
} from 'node:fs'
import {link} from 'node:fs/promises'
import {join, relative} from 'node:path'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {knowPages, writeSecurityHeaders} from './securityHeaders.ts'
import {READS_FILE} from './recordReads.ts'
import {landingChanges, landingPageIndex} from './landingPages.ts'
import {REDIRECTS_OUTPUT} from './redirects.ts'
import {renderAndFinish} from './finishPages.ts'
import {renderInHelper, type Helped} from './renderHelper.ts'
import {loadServerBundle, type OutputReads} from './renderOutputs.ts'
import {stepTimes, type StepTime} from './stepTimes.ts'

/**
 * Hard links of every file under `from` at the same places under `to`, but the files `except` names (relative to
 * `from`): the folders at once, the links on libuv's pool, so that a render runs meanwhile.
 */
async function linkTree(from: string, to: string, except: ReadonlySet<string> = new Set()) {
  const entries = readdirSync(from, {recursive: true, withFileTypes: true})
  const place = (entry: Dirent) => relative(from, join(entry.parentPath, entry.name))
  mkdirSync(to, {recursive: true})
  for (const entry of entries) {
    if (entry.isDirectory()) mkdirSync(join(to, place(entry)), {recursive: true})
  }
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !except.has(place(entry)))
      .map((entry) => link(join(entry.parentPath, entry.name), join(to, place(entry)))),
  )
}

/** Beside a release, the folders of its client folder without their files, for the release after it. */
export const NEXT_FOLDERS = 'next-client-folders'

/**
 * Makes, beside the release in `buildDir`, the folders of its client folder, empty, for the next release rendered
 * from it (renderIncrementally moves them in whole, if complete): a new folder costs the kernel about 0.3 ms here,
 * 70 ms for a release of 200 landing pages, paid when the release goes live rather than in the next publish. At
 * once: the render process has nothing else to do then, and a render asked meanwhile (its message comes after this
 * one) waits for no more than making the folders itself would take.
 */
export function prepareFolders(buildDir: string) {
  const client = join(buildDir, 'client')
  const partial = join(buildDir, `${NEXT_FOLDERS}.partial`)
  mkdirSync(partial, {recursive: true})
  for (const entry of readdirSync(client, {recursive: true, withFileTypes: true})) {
    if (!entry.isDirectory()) continue
    mkdirSync(join(partial, relative(client, join(entry.parentPath, entry.name))), {
      recursive: true,
    })
  }
  renameSync(partial, join(buildDir, NEXT_FOLDERS))
}

export const readReads = (buildDir: string) =>
  JSON.parse(readFileSync(join(buildDir, READS_FILE), 'utf8')) as OutputReads

/** The paths whose last render read any of `tags`. */
export const affectedPaths = (reads: OutputReads, tags: readonly string[]) =>
  Object.entries(reads)
    .filter(([, read]) => read.tags.some((tag) => tags.includes(tag)))
    .map(([path]) => path)

/**
 * Builds `nextBuildDir` from `liveBuildDir` with the paths `changedTags` touch rendered again (with web/ as the
 * process's folder, as renderOutputs needs), and the landing pages that are new, gone, or shown by another
 * document now (landingPages.ts). Returns the paths rendered or removed and where the time went; a failure leaves
 * the live release untouched.
 */
export async function renderIncrementally({
  liveBuildDir,
  nextBuildDir,
  changedTags,
}: {
  liveBuildDir: string
  nextBuildDir: string
  changedTags: readonly string[]
}): Promise<{paths: string[]; steps: StepTime[]}> {
  const times = stepTimes()
  const reads = readReads(liveBuildDir)
  const landing = await landingPageIndex()
  const {renderAgain: landingPaths, removed} = landingChanges(reads, landing)
  const paths = [
    ...new Set([...affectedPaths(reads, changedTags), ...landingPaths, ...missingOutputs(reads)]),
  ].filter((path) => !removed.includes(path))
  times.lap('read what each page read, and the landing pages')
  await linkTree(join(liveBuildDir, SERVER_BUNDLE_DIR), join(nextBuildDir, SERVER_BUNDLE_DIR))
  const folders = join(liveBuildDir, NEXT_FOLDERS)
  if (existsSync(folders)) renameSync(folders, join(nextBuildDir, 'client'))
  // The files rendered again or removed are not linked: they would be unlinked at once.
  const unchanged = linkTree(
    join(liveBuildDir, 'client'),
    join(nextBuildDir, 'client'),
    new Set(outputFiles(reads, [...paths, ...removed]).map((file) => join(file))),
  )
  // Its failure is taken by renderAgain; a failed render waits for the links before its release is removed.
  unchanged.catch(() => undefined)
  await renderAgain(
    nextBuildDir,
    reads,
    {paths, removed, landing, before: liveBuildDir, unchanged},
    times.lap,
  ).catch(async (error: unknown) => {
    await unchanged.catch(() => undefined)
    throw error
  })
  return {paths: [...paths, ...removed], steps: times.steps}
}

/** Outputs every release holds that one made before them lacks (the redirects, first rendered on an upgrade). */
const missingOutputs = (reads: OutputReads) => (reads[REDIRECTS_OUTPUT] ? [] : [REDIRECTS_OUTPUT])

/** The files `paths` wrote by `reads`, and their compressed forms. */
const outputFiles = (reads: OutputReads, paths: readonly string[]) =>
  paths
    .flatMap((path) => reads[path]?.files ?? [])
    .flatMap((file) => ['', '.br', '.gz'].map((variant) => file + variant))

/** Removes the files `paths` wrote by `reads`, and their compressed forms, from `clientDir`. */
export function removeOutputFiles(clientDir: string, reads: OutputReads, paths: readonly string[]) {
  for (const file of outputFiles(reads, paths)) rmSync(join(clientDir, file), {force: true})
}

/** How many outputs a render must have before it shares them with the helper thread. */
const SHARE_FROM = 24

/**
 * Renders `paths` of the release in `buildDir` again from its server bundle, in place of their outputs in
 * `reads` (which are unlinked first), removes the outputs of `removed`, then runs a full build's post-steps on
 * them and records their reads. `landing` names the document each landing page shows. `lap` is told as each step
 * ends.
 */
export async function renderAgain(
  buildDir: string,
  reads: OutputReads,
  {
    paths,
    removed = [],
    landing,
    before,
    unchanged = Promise.resolve(),
  }: {
    paths: string[]
    removed?: string[]
    landing: ReadonlyMap<string, string>
    /** The release this one starts from, whose compressed files an unchanged output takes (precompress.ts). */
    before: string
    /** Settles once the files not rendered again are in the release (linked meanwhile), before its headers. */
    unchanged?: Promise<unknown>
  },
  lap: (step: string) => void = () => undefined,
) {
  const clientDir = join(buildDir, 'client')
  removeOutputFiles(clientDir, reads, [...paths, ...removed])
  const serverBundleDir = join(buildDir, SERVER_BUNDLE_DIR)
  const bundle = await loadServerBundle(serverBundleDir)
  lap('load the server bundle')
  // Many outputs (a price every campaign page shows) are shared with the helper thread, every other one to it, so
  // both cores render; a few are rendered here alone (the helper would cost more to hand them than it saves).
  const shared = paths.length >= SHARE_FROM
  const mine = shared ? paths.filter((_, index) => index % 2 === 0) : paths
  const theirs = shared ? paths.filter((_, index) => index % 2 === 1) : []
  const helped = theirs.length
    ? renderInHelper({serverBundleDir, buildDir, paths: theirs, landing: [...landing], before})
    : Promise.resolve<Helped>({reads: {}, pages: []})
  // Its failure is taken below, once this thread's outputs are done.
  helped.catch(() => undefined)
  const own = await renderAndFinish(bundle, buildDir, mine, landing, before).catch(
    async (error: unknown) => {
      await helped.catch(() => undefined)
      throw error
    },
  )
  const helperDid = await helped
  const rendered: OutputReads = {...own.reads, ...helperDid.reads}
  const fresh: OutputReads = Object.fromEntries(
    paths.flatMap((path) => (rendered[path] ? [[path, rendered[path]]] : [])),
  )
  lap(
    'render the pages, defer hydration, read their policies (linking the unchanged files, precompressing meanwhile)',
  )
  await unchanged
  lap('finish linking the unchanged files')
  knowPages([...own.pages, ...helperDid.pages])
  writeSecurityHeaders(clientDir)
  lap('write the security headers (precompressing meanwhile)')
  await own.compressed
  lap('finish precompressing')
  // In the order of the release before, new outputs last; a landing page left out (it failed to render, its files
  // already gone) leaves the record with the removed ones.
  const next: OutputReads = {}
  for (const [path, read] of Object.entries(reads)) {
    const now = paths.includes(path) || removed.includes(path) ? fresh[path] : read
    if (now) next[path] = now
  }
  writeFileSync(join(buildDir, READS_FILE), `${JSON.stringify({...next, ...fresh}, null, 1)}\n`)
  lap('record what each page read')
}
