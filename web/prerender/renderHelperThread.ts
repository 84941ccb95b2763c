// The helper thread's side of renderHelper.ts: renders the outputs it is given and answers what they read and what
// their pages say.
import {parentPort} from 'node:worker_threads'
import {renderAndFinish} from './finishPages.ts'
import type {HelperAnswer, HelperJob} from './renderHelper.ts'
import {loadServerBundle} from './renderOutputs.ts'

async function answer({
  serverBundleDir,
  buildDir,
  paths,
  landing,
  before,
}: HelperJob): Promise<HelperAnswer> {
  try {
    const bundle = await loadServerBundle(serverBundleDir)
    const {reads, pages, compressed} = await renderAndFinish(
      bundle,
      buildDir,
      paths,
      new Map(landing),
      before,
    )
    await compressed
    return {reads, pages}
  } catch (error) {
    return {error: error instanceof Error ? error.message : String(error)}
  }
}

parentPort?.on('message', (job: HelperJob) => {
  void answer(job).then((reply) => parentPort?.postMessage(reply))
})
