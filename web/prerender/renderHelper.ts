// A second thread for the render process (renderWorker.ts): a release that renders many outputs again (a price all
// campaign pages show) gives it every other one, so both of a machine's cores render while the lake answers. It
// loads the release's server bundle in its own module graph, renders with a full build's post-steps
// (finishPages.ts), and answers what each output read. One job at a time; kept for the process's life, and
// holding the process open only while it works.
import {extname, join} from 'node:path'
import {Worker} from 'node:worker_threads'
// sharp in this thread before any other: on glibc Linux a thread that loads it alone unloads its libraries as
// the process exits while others may use them, and the process dies of SIGSEGV (sharp's docs, Install: Worker
// threads; lovell/sharp#2263). The pages both threads render inline images with it (inlineImage.server.ts).
import 'sharp'
import type {OutputReads} from './renderOutputs.ts'
import type {WrittenPage} from './securityHeaders.ts'

export type HelperJob = {
  serverBundleDir: string
  buildDir: string
  paths: string[]
  landing: [string, string][]
  before: string
}

/** What the outputs read, and what their pages say (securityHeaders.ts). */
export type Helped = {reads: OutputReads; pages: WrittenPage[]}

export type HelperAnswer = Helped | {error: string}

/**
 * The helper thread's module, beside this one and in its form: renderHelperThread.ts here, the bundle's
 * renderHelperThread.mjs in a release (scripts/cli/release).
 */
const HELPER = join(import.meta.dirname, `renderHelperThread${extname(import.meta.filename)}`)

let helper: Worker | undefined

/** Renders `job` in the helper thread; resolves to what its outputs read and say, rejects with why it failed. */
export function renderInHelper(job: HelperJob): Promise<Helped> {
  const worker = (helper ??= new Worker(HELPER))
  worker.ref()
  return new Promise<Helped>((resolve, reject) => {
    const onError = (error: Error) => {
      helper = undefined
      reject(error)
    }
    worker.once('error', onError)
    worker.once('message', (answer: HelperAnswer) => {
      worker.off('error', onError)
      worker.unref()
      if ('error' in answer) reject(new Error(answer.error))
      else resolve(answer)
    })
    worker.postMessage(job)
  })
}
