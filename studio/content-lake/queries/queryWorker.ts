// One query worker: evaluates GROQ for the pool in queryPool.ts, away from the lake's event loop, so the pool
// can stop a query that runs over its time budget by terminating this thread. It keeps its own copy of each
// dataset it has been asked about (loaded once, then kept current by the changes the lake sends after each
// commit), so a query carries only its text and how it reads. Messages are handled one at a time, in the order
// they were sent: a query sent after a commit's changes sees them.
import {parentPort} from 'node:worker_threads'
import {QueryableDataset, type QueryAnswer} from './datasetQuery.ts'
import {
  documentsOfText,
  readStartSnapshot,
  replayJournal,
  type DatasetText,
} from '../store/datasetText.ts'
import {LakeError} from '../documents/errors.ts'
import {evaluateQuery} from './query.ts'
import type {QueryJob, WorkerMessage, WorkerReply} from './queryPool.ts'
import {withSearchableText} from './search.ts'
import {contentSourceMap} from './sourceMap.ts'

const datasets = new Map<string, QueryableDataset>()

async function answerJob(job: QueryJob): Promise<QueryAnswer> {
  const {query, params, searchable = false, sourceMap = false} = job
  if ('dataset' in job.source) {
    const dataset = datasets.get(job.source.dataset)
    if (!dataset) throw new Error(`The query worker holds no copy of "${job.source.dataset}"`)
    return dataset.answer(query, params, job.source, {searchable, sourceMap})
  }
  const documents = searchable ? job.source.documents.map(withSearchableText) : job.source.documents
  const {result, syncTags} = await evaluateQuery(query, params, (tree) => ({
    tree,
    dataset: documents,
  }))
  return sourceMap
    ? {result, syncTags, resultSourceMap: contentSourceMap(result, documents)}
    : {result, syncTags}
}

/** The answer as JSON text, made here: a result too deep to serialize fails this query, not the lake. */
async function reply(id: number, job: QueryJob): Promise<WorkerReply> {
  try {
    return {id, json: JSON.stringify(await answerJob(job))}
  } catch (error) {
    // A stack overflow or any other failure inside groq-js is the query's fault, not the lake's.
    const failure =
      error instanceof LakeError
        ? error
        : new LakeError(
            400,
            {error: {description: String(error), type: 'queryExecutionError'}},
            String(error),
          )
    return {id, failure: {status: failure.status, body: failure.body, message: failure.message}}
  }
}

/**
 * A start's text: its snapshot checked as it is parsed, and the store told where the snapshot's lines are (or
 * which one is refused) once the copy is made, or as soon as making it fails (the store then checks the journals
 * and says why), so the store never waits for nothing.
 */
function loadStart(dataset: string, text: DatasetText, snapshotPath: string) {
  const {documents, reading} = readStartSnapshot(text.snapshot, snapshotPath)
  try {
    if ('index' in reading) {
      for (const journal of text.journals)
        replayJournal(journal, {name: 'journal', check: false}, documents)
      datasets.set(dataset, new QueryableDataset(documents.values()))
    }
  } finally {
    const transfer = 'index' in reading ? [reading.index.ranges.buffer] : []
    parentPort?.postMessage({id: 0, dataset, reading} satisfies WorkerReply, transfer)
  }
}

async function handle(message: WorkerMessage) {
  if (message.kind === 'load') {
    const {dataset, text} = message
    if (text.snapshotPath === undefined)
      datasets.set(dataset, new QueryableDataset(documentsOfText(text).values()))
    else loadStart(dataset, text, text.snapshotPath)
  } else if (message.kind === 'change') datasets.get(message.dataset)?.apply(message.changes)
  else parentPort?.postMessage(await reply(message.id, message.job))
}

let turn: Promise<void> = Promise.resolve()
parentPort?.on('message', (message: WorkerMessage) => {
  // A message that fails (a copy that cannot be read) must not stop the ones after it; its queries say why.
  turn = turn
    .then(() => handle(message))
    // The log is loaded when it is needed: a worker's start is on the lake's.
    .catch(async (error: unknown) =>
      (await import('@quantedge/server-kit/log'))
        .serverLog('content-lake')
        .error({err: error}, 'a query worker message failed'),
    )
})
parentPort?.postMessage({id: 0, ready: true} satisfies WorkerReply)
