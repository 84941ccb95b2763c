// One image process: makes variants and analyses uploads for the pool in imageWorkers.ts, one job at a time, so
// that a libvips call that runs away (an SVG whose filters take minutes, a huge encode) is stopped by ending this
// process: a thread cannot interrupt a running libvips call, and the lake's own thread would be held by it. Files
// go in and out by path, so no image crosses the pipe to the lake.
import sharp from 'sharp'
import {LakeError} from '../documents/errors.ts'
import {cdnError, invalidImage} from './imageErrors.ts'
import {readUploadedImage, type UploadedImage} from './imageMetadata.ts'
import type {ImageParams, OutputFormat} from './imageParams.ts'
import {variantOf} from './imageTransform.ts'

export type TransformJob = {
  kind: 'transform'
  /** The stored original. */
  original: string
  params: ImageParams
  format: OutputFormat
  /** Where the variant is written; the pool moves it into place. */
  output: string
}
export type AnalysisJob = {kind: 'analyse'; file: string}
export type ImageJob = TransformJob | AnalysisJob

export type WorkerRequest = {id: number; job: ImageJob}
/** The first message (`ready`) says the process has loaded sharp; then one answer per request, by its id. */
export type WorkerAnswer =
  | {ready: true}
  | {id: number; result: UploadedImage | null}
  | {id: number; failure: {status: number; body: unknown; message: string}}

// A long-lived process: libvips' operation cache would keep decoded images from one job to the next.
sharp.cache(false)
// One libvips thread per job: the pool, not libvips, decides how many cores images take.
sharp.concurrency(1)

async function run(job: ImageJob): Promise<UploadedImage | null> {
  if (job.kind === 'analyse') return readUploadedImage(job.file)
  await (await variantOf(job.original, job.params, job.format)).toFile(job.output)
  return null
}

/** Anything other than a refusal the job chose is still the image's fault: a 4xx with libvips' words. */
function failureOf(job: ImageJob, error: unknown): LakeError {
  if (error instanceof LakeError) return error
  const reason = error instanceof Error ? error.message.trim() : String(error)
  return job.kind === 'analyse'
    ? invalidImage(reason)
    : cdnError(422, `The image could not be transformed: ${reason}`)
}

const answer = (message: WorkerAnswer) => process.send?.(message)

process.on('message', (request: WorkerRequest) => {
  run(request.job).then(
    (result) => answer({id: request.id, result}),
    (error: unknown) => {
      const {status, body, message} = failureOf(request.job, error)
      answer({id: request.id, failure: {status, body, message}})
    },
  )
})
// The lake gone (stopped, or killed with -9): nothing is left to answer. SIGKILL, as exit() would wait for
// libvips' threads to finish their call.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'))
answer({ready: true})
