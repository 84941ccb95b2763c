// A full build from a kept build of the same app (prerender.ts), or from a release's site build: its compiled
// assets and server bundle copied, and every output rendered again from the content the environment names, with a
// full build's post-steps. The outputs are the kept build's React Router prerender would give for this content:
// every build that compiles shows so (recordReads.ts). Runs with web/ as its folder, as renderOutputs needs.
import {cpSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {HEADERS_FILE} from '@quantedge/server-kit/headersFile'
import {readReads, removeOutputFiles, renderAgain} from './incremental.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {landingChanges, landingPageIndex} from './landingPages.ts'
import {READS_FILE} from './recordReads.ts'
import {loadServerBundle, releasePaths} from './renderOutputs.ts'

export async function renderAll(keptDir: string, buildDir: string) {
  rmSync(buildDir, {recursive: true, force: true})
  cpSync(keptDir, buildDir, {recursive: true})
  const bundle = await loadServerBundle(join(buildDir, SERVER_BUNDLE_DIR))
  const reads = readReads(buildDir)
  const landing = await landingPageIndex()
  const {removed} = landingChanges(reads, landing)
  await renderAgain(buildDir, reads, {
    paths: releasePaths(bundle, landing),
    removed,
    landing,
    before: keptDir,
  })
}

/**
 * Leaves the site build in `buildDir` without content: every output its reads list (pages, their data, the
 * sitemap, the redirects) with its compressed forms, and the headers written for those pages, are removed, and
 * nothing is recorded as read. What stays is the code and the site's own files, which `renderAll` renders every
 * output from. A release ships its site build so: its host renders the pages from its own lake.
 */
export function removeOutputs(buildDir: string) {
  const clientDir = join(buildDir, 'client')
  const reads = readReads(buildDir)
  removeOutputFiles(clientDir, reads, Object.keys(reads))
  rmSync(join(clientDir, HEADERS_FILE), {force: true})
  writeFileSync(join(buildDir, READS_FILE), '{}\n')
}

if (import.meta.main) await renderAll(process.argv[2] ?? '', process.argv[3] ?? '')
