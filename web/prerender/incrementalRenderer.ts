// The publish hook's side of renderWorker.ts: forks the render process once, keeps it, and sends it one job at a
// time. If the process dies, the job in flight fails with why and the next job starts a new process.
import {fork, type ChildProcess} from 'node:child_process'
import {existsSync} from 'node:fs'
import {extname, join} from 'node:path'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {READS_FILE} from './recordReads.ts'
import {PRODUCTION, webDir} from './webDir.ts'
import type {renderIncrementally} from './incremental.ts'
import type {LiveNotice, RenderAllJob, WorkerAnswer, WorkerJob} from './renderWorker.ts'

/**
 * The render process's module, beside this one and in its form: renderWorker.ts here, the bundle's renderWorker.mjs
 * in a release (scripts/cli/release).
 */
const WORKER = join(import.meta.dirname, `renderWorker${extname(import.meta.filename)}`)

/** Whether a build folder holds what a re-render needs: what each output read, and the server bundle. */
export const canRenderFrom = (buildDir: string) =>
  existsSync(join(buildDir, READS_FILE)) &&
  existsSync(join(buildDir, SERVER_BUNDLE_DIR, 'index.js'))

export type IncrementalRenderer = ReturnType<typeof startIncrementalRenderer>

/** The render process stopped with the job in flight: by a signal (`signal`), or with an exit code. */
export class RenderProcessStopped extends Error {
  readonly signal: NodeJS.Signals | null
  constructor(signal: NodeJS.Signals | null, code: number | null) {
    super(`The render process stopped (${signal ?? `exit code ${code}`})`)
    this.signal = signal
  }
}

/** `env` holds the content settings the renders read (as a full build's). */
export function startIncrementalRenderer(env: NodeJS.ProcessEnv = {}) {
  let child: ChildProcess | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const running = () =>
    child && child.exitCode === null && child.signalCode === null ? child : undefined

  const processFor = () =>
    running() ??
    (child = fork(WORKER, [], {
      cwd: webDir,
      // Its settings come in `env`; the parent's flags (an npm script's preloads, named from another
      // folder) are not its own.
      execArgv: [],
      env: {...process.env, ...env, ...PRODUCTION},
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }))

  const send = (job: WorkerJob) =>
    new Promise<Exclude<WorkerAnswer, {error: string}>>((resolve, reject) => {
      const worker = processFor()
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        worker.off('message', onMessage)
        reject(new RenderProcessStopped(signal, code))
      }
      const onMessage = (reply: WorkerAnswer) => {
        worker.off('exit', onExit)
        if ('error' in reply) reject(new Error(reply.error))
        else resolve(reply)
      }
      worker.once('message', onMessage)
      worker.once('exit', onExit)
      // A process that died before the job reached it fails this render; the next one starts a new process.
      worker.send(job, (error) => {
        if (!error) return
        worker.off('message', onMessage)
        worker.off('exit', onExit)
        reject(new Error(`The render process did not take the job: ${error.message}`))
      })
    })

  /** Jobs run one after another, in the order asked. */
  const enqueue = (job: WorkerJob) => {
    const result = queue.then(() => send(job))
    queue = result.catch(() => undefined)
    return result
  }

  return {
    /** Starts the process and loads the live release's server bundle, so the first publish does not wait for it. */
    prepare: (liveBuildDir: string) => enqueue({kind: 'prepare', liveBuildDir}),
    /**
     * Renders `nextBuildDir` from `liveBuildDir` with what `changedTags` touch; resolves to the paths rendered and
     * where the time went.
     */
    render: (job: Parameters<typeof renderIncrementally>[0]) => enqueue({kind: 'render', ...job}),
    /** Renders every output of a site build (a release's) into a new build folder, from the lake. */
    renderAll: (job: RenderAllJob) => enqueue({kind: 'render all', ...job}),
    /**
     * Tells the render process that the release in `buildDir` is live, so it makes the next release's folders while
     * it waits (prepareFolders in incremental.ts); nothing when no render process runs.
     */
    live: (buildDir: string) => void running()?.send({kind: 'live', buildDir} satisfies LiveNotice),
    /** The render process's id while one runs. */
    pid: () => running()?.pid,
    close: () => {
      child?.kill()
      child = undefined
    },
  }
}
