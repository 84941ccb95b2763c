// A full build from a kept build of the same app (prerender.ts): its compiled assets and server bundle copied,
// and every output rendered again from the content the environment names, with a full build's post-steps. The
// outputs are the kept build's React Router prerender would give for this content: every build that compiles
// shows so (recordReads.ts). Runs with web/ as its folder, as renderOutputs needs.
import {cpSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {readReads, renderAgain} from './incremental.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {landingChanges, landingPageIndex} from './landingPages.ts'
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

if (import.meta.main) await renderAll(process.argv[2] ?? '', process.argv[3] ?? '')
