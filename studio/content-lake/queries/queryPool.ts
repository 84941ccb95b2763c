// GROQ evaluation off the event loop, with a time budget: a few worker threads (queryWorker.ts) each run one
// query at a time; a query over budget has its worker terminated and gets an error, while the other workers
// and the lake's own thread keep answering. Sanity likewise stops queries that run too long ("maximum query
// execution time", https://www.sanity.io/docs/content-lake/technical-limits) with an error; the lake's budget
// is shorter because it has a handful of threads, not a cluster.
// Each worker holds its own copy of a dataset: parsed from the dataset's text (snapshot and journal lines, cheap
// to hand over) the first time that worker reads the dataset, then kept current by each commit's changes
// (`changed`), so a query sends no documents. One worker starts with the pool and reads every dataset at once,
// so the first query after a start finds it ready; it also checks each snapshot for the store as it parses it,
// so the lake's start parses each snapshot once, not twice (storedDocuments.ts).
import {Worker} from 'node:worker_threads'
import type {DocumentChangeList} from './datasetCopy.ts'
import type {DatasetReading, QueryOptions} from './datasetQuery.ts'
import type {DatasetText, SnapshotReading} from '../store/datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {LakeError} from '../documents/errors.ts'

export type QueryJob = QueryOptions & {
  query: string
  params: Record<string, unknown>
  /** A dataset as the worker's copy holds it, or just these documents (a listener's match, one at a time). */
  source: ({dataset: string} & DatasetReading) | {documents: StoredDocument[]}
}
/** What the pool tells a worker, which handles each in the order sent. */
export type WorkerMessage =
  | {kind: 'load'; dataset: string; text: DatasetText}
  | {kind: 'change'; dataset: string; changes: DocumentChangeList}
  | {kind: 'query'; id: number; job: QueryJob}
/**
 * A worker answers with JSON text of `{result, syncTags, resultSourceMap?}`, which the lake sends on as it is. Its
 * first message (id 0, which no query has) says it has loaded its code; a start's text (one that names its
 * snapshot) is answered, once the worker holds its copy, with what it found in the snapshot (also id 0).
 */
export type WorkerReply =
  | {id: number; json: string}
  | {id: number; failure: {status: number; body: unknown; message: string}}
  | {id: 0; ready: true}
  | {id: 0; dataset: string; reading: SnapshotReading}

/** Resolves at the worker's first message, once its code is loaded: a query's budget starts then, not before. */
const booted = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', (code) =>
      reject(new Error(`The query worker exited (${code}) while starting`)),
    )
  })

const DEFAULT_QUERY_BUDGET_MS = 10_000
const MAX_WORKERS = 4
/** Heap per worker: a query that builds a huge result is stopped like one that runs too long. */
const WORKER_HEAP_MB = 512
const WORKER_URL = new URL('./queryWorker.ts', import.meta.url)

const post = (worker: Worker, message: WorkerMessage) => worker.postMessage(message)

/** What the worker found in a start's snapshot of the dataset; rejects if the worker stops before it says. */
function snapshotReading(worker: Worker, dataset: string) {
  const reading = new Promise<SnapshotReading>((resolve, reject) => {
    const onReply = (reply: WorkerReply) => {
      if (!('reading' in reply) || reply.dataset !== dataset) return
      stop()
      resolve(reply.reading)
    }
    const onExit = () => {
      stop()
      reject(new Error(`The query worker stopped before it had read the dataset "${dataset}"`))
    }
    const stop = () => {
      worker.off('message', onReply)
      worker.off('exit', onExit)
      worker.unref()
    }
    // The start waits for this answer: until it comes, the worker keeps the process running.
    worker.ref()
    worker.on('message', onReply)
    worker.on('exit', onExit)
  })
  // The store falls back to reading the snapshot itself; an unhandled rejection here would end the process.
  reading.catch(() => undefined)
  return reading
}

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

/** The datasets there are, and each one's text as committed now, for a worker that has no copy yet. */
export type DatasetSource = {names: () => string[]; text: (dataset: string) => DatasetText}

export class QueryPool {
  readonly #budgetMs: number
  #source: DatasetSource | undefined
  /** Every worker, and the datasets it holds a copy of. */
  readonly #copies = new Map<Worker, Set<string>>()
  readonly #booted = new Map<Worker, Promise<void>>()
  readonly #idle: Worker[] = []
  readonly #waiting: ((worker: Worker) => void)[] = []
  /** Stops each query in flight, for `close`. */
  readonly #running = new Set<() => void>()
  #closed = false
  #nextId = 0

  /** Starts the first worker at once, so it boots while the lake reads its datasets. */
  constructor(budgetMs = DEFAULT_QUERY_BUDGET_MS) {
    this.#budgetMs = budgetMs
    this.#idle.push(this.#spawn())
  }

  /**
   * A dataset's text as the lake's start reads it, for the first worker to parse. When the text names its
   * snapshot, the worker checks the snapshot as it parses it, and the promise says where its lines are (or which
   * one it refuses) once the worker holds its copy; it rejects if the worker stops first.
   */
  preload(dataset: string, text: DatasetText): Promise<SnapshotReading> | undefined {
    const [first] = this.#idle
    const datasets = first && this.#copies.get(first)
    if (!first || !datasets || datasets.has(dataset)) return undefined
    const reading = text.snapshotPath === undefined ? undefined : snapshotReading(first, dataset)
    post(first, {kind: 'load', dataset, text})
    datasets.add(dataset)
    return reading
  }

  /** Where the datasets come from; every idle worker gets a copy of each now, before any query asks. */
  readFrom(source: DatasetSource) {
    this.#source = source
    for (const worker of this.#idle) {
      for (const dataset of source.names()) this.#ensureCopy(worker, dataset)
    }
  }

  /** A commit's changes, for every worker holding a copy of the dataset (a busy one applies them after its query). */
  changed(dataset: string, changes: ReadonlyMap<string, StoredDocument | null>) {
    const list: DocumentChangeList = [...changes]
    for (const [worker, datasets] of this.#copies) {
      if (datasets.has(dataset)) post(worker, {kind: 'change', dataset, changes: list})
    }
  }

  /** The answer as JSON text: `{"result": …, "resultSourceMap": …}`. */
  async run(job: QueryJob): Promise<string> {
    if (this.#closed) throw closing()
    const worker = await this.#acquire()
    const id = (this.#nextId += 1)
    if ('dataset' in job.source) this.#ensureCopy(worker, job.source.dataset)
    try {
      await this.#booted.get(worker)
    } catch (error) {
      if (this.#closed) throw closing()
      this.#discard(worker)
      throw workerFailed(error as Error)
    }
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
        if (reply.id !== id || !('json' in reply || 'failure' in reply)) return
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
      post(worker, {kind: 'query', id, job})
    })
  }

  /** The result alone, for the lake's own use (listeners, deletes by query). */
  async result(
    query: string,
    params: Record<string, unknown>,
    source: QueryJob['source'],
  ): Promise<unknown> {
    return (JSON.parse(await this.run({query, params, source})) as {result: unknown}).result
  }

  async close() {
    this.#closed = true
    for (const stop of this.#running) stop()
    this.#running.clear()
    this.#waiting.length = 0
    this.#idle.length = 0
    await Promise.all([...this.#copies.keys()].map((worker) => worker.terminate()))
    this.#copies.clear()
    this.#booted.clear()
  }

  /** Sends the dataset's text to a worker that has no copy yet; changes committed later follow it in order. */
  #ensureCopy(worker: Worker, dataset: string) {
    const datasets = this.#copies.get(worker)
    if (!datasets || datasets.has(dataset)) return
    if (!this.#source) throw new Error('The query pool was given no datasets to read (readFrom)')
    post(worker, {kind: 'load', dataset, text: this.#source.text(dataset)})
    datasets.add(dataset)
  }

  /**
   * An idle worker, or the first to become free: a busy one finishing or, while there are fewer than the most,
   * a new one once it has loaded its code (a query does not wait for a new thread when an old one frees sooner).
   */
  #acquire(): Promise<Worker> {
    const idle = this.#idle.pop()
    if (idle) return Promise.resolve(idle)
    const free = new Promise<Worker>((resolve) => this.#waiting.push(resolve))
    if (this.#copies.size < MAX_WORKERS) this.#startAnother()
    return free
  }

  #startAnother() {
    const worker = this.#spawn()
    this.#booted.get(worker)?.then(
      () => this.#release(worker),
      () => undefined,
    )
  }

  #release(worker: Worker) {
    if (this.#closed || !this.#copies.has(worker)) return
    const next = this.#waiting.shift()
    if (next) next(worker)
    else this.#idle.push(worker)
  }

  /** Stops a worker that overran or failed; a query waiting for a worker gets a new one. */
  #discard(worker: Worker) {
    this.#copies.delete(worker)
    this.#booted.delete(worker)
    void worker.terminate()
    if (this.#waiting.length > 0 && !this.#closed) this.#startAnother()
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
    this.#copies.set(worker, new Set())
    const starting = booted(worker)
    starting.catch(() => undefined)
    this.#booted.set(worker, starting)
    return worker
  }

  #forget(worker: Worker) {
    this.#copies.delete(worker)
    this.#booted.delete(worker)
    const idle = this.#idle.indexOf(worker)
    if (idle >= 0) this.#idle.splice(idle, 1)
  }
}
