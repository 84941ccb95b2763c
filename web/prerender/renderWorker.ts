// The process that renders incremental releases for a publish hook (incrementalRenderer.ts forks it, with web/ as
// its folder, as renderOutputs needs), and every output of a site build when the hook starts from one or renders
// everything again (renderAll.ts): it stays up between publishes, so a publish pays for its pages and not for
// starting Node and loading the server bundle. Preparing renders every output into a scratch folder (the fixed ones
// in both threads, renderHelper.ts), so that what a render keeps (the fitted first poster, compiled code, open
// connections to the lake) is ready before the first publish, and reads the live release's pages for their headers
// (what securityHeaders.ts keeps of each page), so the first publish parses only the pages it changes. One job at a
// time, answered over the IPC channel.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {loadServerBundle, releasePaths, renderOutputs} from './renderOutputs.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {prepareFolders, renderIncrementally} from './incremental.ts'
import {landingPageIndex} from './landingPages.ts'
import {renderAll} from './renderAll.ts'
import {renderInHelper} from './renderHelper.ts'
import {siteHeaderRules} from './securityHeaders.ts'

/** What is undone when the process is stopped: its temporary folders. */
const onStop = new Set<() => void>()

async function prepare(liveBuildDir: string) {
  const serverBundleDir = join(liveBuildDir, SERVER_BUNDLE_DIR)
  const bundle = await loadServerBundle(serverBundleDir)
  const scratch = mkdtempSync(join(tmpdir(), 'render-warm-'))
  // Removed however the warm-up ends, the hook stopping the process midway too (onStop).
  const removeScratch = () => rmSync(scratch, {recursive: true, force: true})
  onStop.add(removeScratch)
  try {
    // A warm-up: a page that cannot render now (the lake away) says so when a publish renders it. Each thread
    // renders every fixed output, since either may render any of them (a publish of a few pages renders them in
    // this thread, a large release shares them by their place in its list), and what a render keeps is each
    // thread's own: warmed in the helper thread alone, /tradingview's first poster was fitted again in the first
    // publish (~200 ms). The landing pages are shared, every other one each.
    const landing = await landingPageIndex(() => undefined).catch(() => new Map<string, string>())
    const fixed = releasePaths(bundle, new Map())
    const campaigns = [...landing.keys()]
    await Promise.all([
      renderOutputs(
        bundle,
        join(scratch, 'client'),
        [...fixed, ...campaigns.filter((_, index) => index % 2 === 0)],
        undefined,
        landing,
      ),
      renderInHelper({
        serverBundleDir,
        buildDir: join(scratch, 'helper'),
        paths: [...fixed, ...campaigns.filter((_, index) => index % 2 === 1)],
        landing: [...landing],
        before: liveBuildDir,
      }),
    ]).catch(() => undefined)
  } finally {
    removeScratch()
    onStop.delete(removeScratch)
  }
  siteHeaderRules(join(liveBuildDir, 'client'))
  foldersFor(liveBuildDir)
}

/** The next release's folders (prepareFolders); a render without them makes its own, so a failure here is no loss. */
function foldersFor(buildDir: string) {
  try {
    prepareFolders(buildDir)
  } catch {
    // The render makes them.
  }
}

/** Every output of the site build in `siteBuildDir` rendered into `buildDir`. */
export type RenderAllJob = {siteBuildDir: string; buildDir: string}

export type WorkerJob =
  | {kind: 'prepare'; liveBuildDir: string}
  | ({kind: 'render'} & Parameters<typeof renderIncrementally>[0])
  | ({kind: 'render all'} & RenderAllJob)

export type WorkerAnswer = Awaited<ReturnType<typeof renderIncrementally>> | {error: string}

/**
 * A release went live: its folders are made for the next render (incremental.ts's prepareFolders) before the next
 * job, whose message comes after this one; answered by no message.
 */
export type LiveNotice = {kind: 'live'; buildDir: string}

async function answer(job: WorkerJob): Promise<WorkerAnswer> {
  try {
    if (job.kind === 'prepare') {
      await prepare(job.liveBuildDir)
      return {paths: [], steps: []}
    }
    if (job.kind === 'render all') {
      await renderAll(job.siteBuildDir, job.buildDir)
      return {paths: [], steps: []}
    }
    return await renderIncrementally(job)
  } catch (error) {
    return {error: error instanceof Error ? error.message : String(error)}
  }
}

if (import.meta.main) {
  process.on('message', (job: WorkerJob | LiveNotice) => {
    if (job.kind === 'live') foldersFor(job.buildDir)
    else void answer(job).then((reply) => process.send?.(reply))
  })
  // Stops with the publish hook, however that stopped: on the hook's SIGTERM it undoes what it must, then takes
  // the signal again, so the hook sees it stopped by SIGTERM (live.ts: stopped on purpose).
  process.on('disconnect', () => {
    for (const stop of onStop) stop()
    process.exit(0)
  })
  process.once('SIGTERM', () => {
    for (const stop of onStop) stop()
    process.kill(process.pid, 'SIGTERM')
  })
}
