// After the full prerender: renders every output again from the kept server bundle, recording the sync tags each
// read, into `<buildDir>/reads.json` beside `client/` (the static server serves only `client/`). The outputs are
// rendered into a scratch folder and must equal React Router's byte for byte, so a build proves on every run that
// re-rendering only some outputs later gives what a full build would. Then the outputs React Router does not know
// (the redirects, the landing pages) are rendered into the build. Runs with web/ as its folder.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {landingPageIndex} from './landingPages.ts'
import {REDIRECTS_OUTPUT} from './redirects.ts'
import {allPaths, loadServerBundle, renderOutputs} from './renderOutputs.ts'

export const READS_FILE = 'reads.json'

export async function recordReads(buildDir: string) {
  const bundle = await loadServerBundle(join(buildDir, SERVER_BUNDLE_DIR))
  const scratch = mkdtempSync(join(buildDir, 'reads-'))
  try {
    const reads = await renderOutputs(bundle, scratch, allPaths(bundle))
    for (const file of Object.values(reads).flatMap(({files}) => files)) {
      if (!readFileSync(join(scratch, file)).equals(readFileSync(join(buildDir, 'client', file)))) {
        throw new Error(`Re-rendering ${file} did not give the prerendered bytes`)
      }
    }
    // What React Router's prerender does not write: the redirects and the landing pages, rendered once, here.
    const landing = await landingPageIndex()
    const more = await renderOutputs(
      bundle,
      join(buildDir, 'client'),
      [REDIRECTS_OUTPUT, ...landing.keys()],
      undefined,
      landing,
    )
    const all = {...reads, ...more}
    writeFileSync(join(buildDir, READS_FILE), `${JSON.stringify(all, null, 1)}\n`)
    return all
  } finally {
    rmSync(scratch, {recursive: true, force: true})
  }
}

if (import.meta.main) await recordReads(process.argv[2] ?? '')
