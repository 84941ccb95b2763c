// The process that renders incremental releases for a publish hook (incrementalRenderer.ts forks it, with web/ as
// its folder, as renderOutputs needs): it stays up between publishes, so a publish pays for its pages and not for
// starting Node and loading the server bundle. One job at a time, answered over the IPC channel.
import {loadServerBundle} from './renderOutputs.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {renderIncrementally} from './incremental.ts'
import {join} from 'node:path'

export type WorkerJob =
  | {kind: 'prepare'; liveBuildDir: string}
  | ({kind: 'render'} & Parameters<typeof renderIncrementally>[0])

export type WorkerAnswer = {paths: string[]} | {error: string}

async function answer(job: WorkerJob): Promise<WorkerAnswer> {
  try {
    if (job.kind === 'prepare') {
      await loadServerBundle(join(job.liveBuildDir, SERVER_BUNDLE_DIR))
      return {paths: []}
    }
    return {paths: await renderIncrementally(job)}
  } catch (error) {
    return {error: error instanceof Error ? error.message : String(error)}
  }
}

if (import.meta.main) {
  process.on('message', (job: WorkerJob) => {
    void answer(job).then((reply) => process.send?.(reply))
  })
  // Stops with the publish hook, however that stopped.
  process.on('disconnect', () => process.exit(0))
}
