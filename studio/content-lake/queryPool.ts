// GROQ evaluation off the event loop, with a time budget: a few worker threads (queryWorker.ts) each run one
// query at a time; a query over budget has its worker terminated and gets an error, while the other workers
// and the lake's own thread keep answering. Sanity likewise stops queries that run too long ("maximum query
// execution time", https://www.sanity.io/docs/content-lake/technical-limits) with an error; the lake's budget
// is shorter because it has a handful of threads, not a cluster.
import {Worker} from 'node:worker_threads'
import type {StoredDocument} from './documents.ts'
import {LakeError} from './errors.ts'

export type QueryJob = {
  query: string
  params: Record<string, unknown>
  documents: StoredDocument[]
  /** A whole-document search: give each document its searchable text first (search.ts). */
  searchable?: boolean
  /** Also map the result's strings to the documents they came from (sourceMap.ts). */
  sourceMap?: boolean
}
/** A worker answers with JSON text of `{result, syncTags, resultSourceMap?}`, which the lake sends on as it is. */
export type WorkerReply =
  | {id: number; json: string}
  | {id: number; failure: {status: number; body: unknown; message: string}}

const DEFAULT_QUERY_BUDGET_MS = 10_000
const MAX_WORKERS = 4
/** Heap per worker: a query that builds a huge result is stopped like one that runs too long. */
const WORKER_HEAP_MB = 512
const WORKER_URL = new URL('./queryWorker.ts', import.meta.url)

const overBudget = (budgetMs: number) => {
  const description = `The query ran longer than ${budgetMs} ms, the embedded Content Lake's limit for one query; narrow its filters`
  return new LakeError(400, {error: {description, type: 'queryExecutionError'}}, description)
}

const closing = () =>
  new LakeError(
    503,
    {error: {description: 'The Content Lake is shutting down', type: 'serviceUnavailable'}},
    'closing',
  )

const workerFailed = (error: Error) => {
  const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
  const description = outOfMemory
    ? `The query needed more than ${WORKER_HEAP_MB} MB, the embedded Content Lake's limit for one query`
    : 'The query stopped the query worker that ran it'
  return new LakeError(400, {error: {description, type: 'queryExecutionError'}}, description)
}

export class QueryPool {
  readonly #budgetMs: number
  readonly #idle: Worker[] = []
  readonly #waiting: ((worker: Worker) => void)[] = []
  readonly #all = new Set<Worker>()
  /** Stops each query in flight, for `close`. */
  readonly #running = new Set<() => void>()
  #closed = false
  #nextId = 0

  constructor(budgetMs = DEFAULT_QUERY_BUDGET_MS) {
    this.#budgetMs = budgetMs
  }

  /** The answer as JSON text: `{"result": …, "resultSourceMap": …}`. */
  async run(job: QueryJob): Promise<string> {
    if (this.#closed) throw closing()
    const worker = await this.#acquire()
    const id = (this.#nextId += 1)
    return new Promise<string>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer)
        reject(closing())
      }
      const finish = (keep: boolean) => {
        clearTimeout(timer)
        this.#running.delete(stop)
        worker.off('message', onReply)
        worker.off('error', onError)
        if (keep) this.#release(worker)
        else this.#discard(worker)
      }
      const onReply = (reply: WorkerReply) => {
        if (reply.id !== id) return
        finish(true)
        if ('json' in reply) resolve(reply.json)
        else reject(new LakeError(reply.failure.status, reply.failure.body, reply.failure.message))
      }
      const onError = (error: Error) => {
        finish(false)
        reject(workerFailed(error))
      }
      const timer = setTimeout(() => {
        finish(false)
        reject(overBudget(this.#budgetMs))
      }, this.#budgetMs)
      this.#running.add(stop)
      worker.on('message', onReply)
      worker.on('error', onError)
      worker.postMessage({id, job})
    })
  }

  /** The result alone, for the lake's own use (listeners, deletes by query). */
  async result(
    query: string,
    params: Record<string, unknown>,
    documents: StoredDocument[],
  ): Promise<unknown> {
    return (JSON.parse(await this.run({query, params, documents})) as {result: unknown}).result
  }

  async close() {
    this.#closed = true
    for (const stop of this.#running) stop()
    this.#running.clear()
    this.#waiting.length = 0
    this.#idle.length = 0
    await Promise.all([...this.#all].map((worker) => worker.terminate()))
    this.#all.clear()
  }

  #acquire(): Promise<Worker> {
    const idle = this.#idle.pop()
    if (idle) return Promise.resolve(idle)
    if (this.#all.size < MAX_WORKERS) return Promise.resolve(this.#spawn())
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  #release(worker: Worker) {
    const next = this.#waiting.shift()
    if (next) next(worker)
    else this.#idle.push(worker)
  }

  /** Stops a worker that overran or failed; a query waiting for a worker gets a new one. */
  #discard(worker: Worker) {
    this.#all.delete(worker)
    void worker.terminate()
    const next = this.#waiting.shift()
    if (next && !this.#closed) next(this.#spawn())
  }

  #spawn() {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {maxOldGenerationSizeMb: WORKER_HEAP_MB},
    })
    // An idle worker must not keep a script that forgot to close the lake running.
    worker.unref()
    // A worker that fails between queries is dropped (a failure during one is answered by `run`).
    worker.on('error', () => this.#forget(worker))
    worker.on('exit', () => this.#forget(worker))
    this.#all.add(worker)
    return worker
  }

  #forget(worker: Worker) {
    this.#all.delete(worker)
    const idle = this.#idle.indexOf(worker)
    if (idle >= 0) this.#idle.splice(idle, 1)
  }
}
