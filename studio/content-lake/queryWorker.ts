// One query worker: evaluates GROQ for the pool in queryPool.ts, away from the lake's event loop, so the pool
// can stop a query that runs over its time budget by terminating this thread. What a query reads besides the
// documents is computed here too: the searchable text of whole-document searches and content source maps.
import {parentPort} from 'node:worker_threads'
import {LakeError} from './errors.ts'
import {evaluateQuery} from './query.ts'
import type {QueryJob, WorkerReply} from './queryPool.ts'
import {withSearchableText} from './search.ts'
import {contentSourceMap} from './sourceMap.ts'

/** The answer as JSON text, made here: a result too deep to serialize fails this query, not the lake. */
async function answer({
  query,
  params,
  documents,
  searchable = false,
  sourceMap = false,
}: QueryJob): Promise<string> {
  const {result, syncTags} = await evaluateQuery(
    query,
    params,
    searchable ? documents.map(withSearchableText) : documents,
  )
  return JSON.stringify(
    sourceMap
      ? {result, syncTags, resultSourceMap: contentSourceMap(result, documents)}
      : {result, syncTags},
  )
}

parentPort?.on('message', ({id, job}: {id: number; job: QueryJob}) => {
  answer(job).then(
    (json): void => parentPort?.postMessage({id, json} satisfies WorkerReply),
    (error: unknown): void => {
      // A stack overflow or any other failure inside groq-js is the query's fault, not the lake's.
      const failure =
        error instanceof LakeError
          ? error
          : new LakeError(
              400,
              {error: {description: String(error), type: 'queryExecutionError'}},
              String(error),
            )
      parentPort?.postMessage({
        id,
        failure: {status: failure.status, body: failure.body, message: failure.message},
      } satisfies WorkerReply)
    },
  )
})
