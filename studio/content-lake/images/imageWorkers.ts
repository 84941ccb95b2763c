// Image work off the lake's event loop, bounded: transforms and upload analyses run in processes of their own
// (imageWorker.ts), a few at once, each with a budget of time and of memory. A job over either has its process
// killed (SIGKILL: a libvips call cannot be interrupted from a thread, and an SVG's filters or a huge encode can
// run for minutes) and is answered with why; the lake's thread and its other requests never wait on libvips.
// Requests beyond the running ones wait in a bounded queue for a bounded time, then hear the lake is busy (503
// with Retry-After) rather than hang. The processes run at a lower CPU priority (nice 10, inherited by every
// thread they start), so on two cores the lake's own thread and its query workers answer first.
import {spawn, type ChildProcess} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {LakeError} from '../documents/errors.ts'
import {cdnError, invalidImage} from './imageErrors.ts'
import {DEFAULT_IMAGE_LIMITS, type ImageLimits} from './imageLimits.ts'
import type {UploadedImage} from './imageMetadata.ts'
import type {
  AnalysisJob,
  ImageJob,
  TransformJob,
  WorkerAnswer,
  WorkerRequest,
} from './imageWorker.ts'

const WORKER_PATH = fileURLToPath(new URL('./imageWorker.ts', import.meta.url))
/** A process that has not loaded sharp by then is stopped and its job answered. */
const START_MS = 20_000
/** How often a running job's memory is looked at. */
const MEMORY_CHECK_MS = 100
/** A job's own heap is small: pixels live in libvips, outside it. */
const WORKER_HEAP_MB = 512
const NICENESS = '10'
/** What a busy answer tells a client to wait before asking again. */
const RETRY_AFTER_SECONDS = '5'
/** A process this large after its job is stopped rather than kept: the allocator keeps what a big image took. */
const RETIRE_BYTES = 512 * 1024 ** 2
/** An idle process is stopped after this long, so a lake at rest holds none. */
const IDLE_MS = 60_000

/** How a lane words what went wrong: a variant in the CDN's words, an upload as Sanity's invalid image. */
type Failures = {
  overTime: (ms: number) => LakeError
  overMemory: (bytes: number) => LakeError
  stopped: () => LakeError
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`
const LIMIT = "the embedded Content Lake's limit for one image"

// Sanity's reference names no answer for a variant past such a bound: 422, a request understood but not made,
// as for an image the lake cannot transform.
const TRANSFORM_FAILURES: Failures = {
  overTime: (ms) =>
    cdnError(
      422,
      `Making the variant took longer than ${ms / 1000} s, ${LIMIT}; ask for a smaller one`,
    ),
  overMemory: (bytes) =>
    cdnError(
      422,
      `Making the variant needed more than ${megabytes(bytes)}, ${LIMIT}; ask for a smaller one`,
    ),
  stopped: () => cdnError(422, 'The process making the variant stopped before it was made'),
}

const ANALYSIS_FAILURES: Failures = {
  overTime: (ms) => invalidImage(`Reading the image took longer than ${ms / 1000} s, ${LIMIT}`),
  overMemory: (bytes) =>
    invalidImage(`Reading the image needed more than ${megabytes(bytes)}, ${LIMIT}`),
  stopped: () => invalidImage('The process reading the image stopped before it was read'),
}

const busy = () =>
  cdnError(503, 'The embedded Content Lake is busy with other images; try again shortly', {
    'Retry-After': RETRY_AFTER_SECONDS,
  })
const closing = () => cdnError(503, 'The embedded Content Lake is shutting down')

type Lane = {
  slots: number
  runMs: number
  failures: Failures
  running: number
  idle: ChildProcess[]
  /** Requests waiting for a slot, first come first served. */
  waiting: {admit: () => void; refuse: (error: LakeError) => void}[]
}

export class ImageWorkers {
  readonly #limits: ImageLimits
  readonly #transforms: Lane
  readonly #analyses: Lane
  /** Every process, busy or idle, so that `close` stops them all. */
  readonly #processes = new Set<ChildProcess>()
  /** When each idle process is stopped. */
  readonly #idleTimers = new Map<ChildProcess, NodeJS.Timeout>()
  /** Stops each job in flight, for `close`. */
  readonly #running = new Set<() => void>()
  #closed = false
  #nextId = 0

  constructor(limits: Partial<ImageLimits> = {}) {
    this.#limits = {...DEFAULT_IMAGE_LIMITS, ...limits}
    const lane = (slots: number, runMs: number, failures: Failures): Lane => ({
      slots,
      runMs,
      failures,
      running: 0,
      idle: [],
      waiting: [],
    })
    this.#transforms = lane(
      this.#limits.transformSlots,
      this.#limits.transformMs,
      TRANSFORM_FAILURES,
    )
    this.#analyses = lane(this.#limits.analysisSlots, this.#limits.analysisMs, ANALYSIS_FAILURES)
  }

  /** Writes the variant the job asks for to `job.output`. */
  async transform(job: Omit<TransformJob, 'kind'>): Promise<void> {
    await this.#run(this.#transforms, {kind: 'transform', ...job})
  }

  /** The metadata of the upload written to `file`, or Sanity's invalid-image refusal. */
  async analyse(file: string): Promise<UploadedImage> {
    const job: AnalysisJob = {kind: 'analyse', file}
    const result = await this.#run(this.#analyses, job)
    if (!result) throw ANALYSIS_FAILURES.stopped()
    return result
  }

  async close() {
    this.#closed = true
    for (const stop of this.#running) stop()
    for (const lane of [this.#transforms, this.#analyses]) {
      for (const waiter of lane.waiting.splice(0)) waiter.refuse(closing())
      lane.idle.length = 0
    }
    for (const timer of this.#idleTimers.values()) clearTimeout(timer)
    this.#idleTimers.clear()
    await Promise.all([...this.#processes].map((child) => stopProcess(child)))
    this.#processes.clear()
  }

  async #run(lane: Lane, job: ImageJob): Promise<UploadedImage | null> {
    if (this.#closed) throw closing()
    await this.#admit(lane)
    try {
      return await this.#send(lane, this.#idle(lane) ?? (await this.#spawn(lane)), job)
    } finally {
      this.#release(lane)
    }
  }

  /** A slot in the lane: now, after others finish, or a busy refusal when the queue is full or the wait too long. */
  #admit(lane: Lane): Promise<void> {
    if (lane.running < lane.slots) {
      lane.running += 1
      return Promise.resolve()
    }
    if (lane.waiting.length >= this.#limits.queued) return Promise.reject(busy())
    return new Promise((resolve, reject) => {
      const waiter = {
        admit: () => {
          clearTimeout(timer)
          resolve()
        },
        refuse: (error: LakeError) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      const timer = setTimeout(() => {
        lane.waiting.splice(lane.waiting.indexOf(waiter), 1)
        reject(busy())
      }, this.#limits.waitMs)
      lane.waiting.push(waiter)
    })
  }

  /** The slot passes to the first waiting request, or is free. */
  #release(lane: Lane) {
    const next = lane.waiting.shift()
    if (next) next.admit()
    else lane.running -= 1
  }

  /**
   * Sends the job and waits for its answer. A process that answers is kept for the next job; one past the lane's
   * time or the memory limit, or gone, is stopped and its job answered with why.
   */
  #send(lane: Lane, child: ChildProcess, job: ImageJob): Promise<UploadedImage | null> {
    const id = (this.#nextId += 1)
    child.channel?.ref()
    return new Promise((resolve, reject) => {
      let settled = false
      let resident = 0
      const finish = (answered: boolean, outcome: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        clearInterval(memory)
        child.off('message', onAnswer)
        child.off('exit', onExit)
        this.#running.delete(stop)
        if (answered && !this.#closed && resident < RETIRE_BYTES) this.#keep(lane, child)
        else void this.#discard(child)
        outcome()
      }
      const onAnswer = (answer: WorkerAnswer) => {
        if ('ready' in answer || answer.id !== id) return
        finish(true, () => {
          if ('result' in answer) resolve(answer.result)
          else
            reject(
              new LakeError(answer.failure.status, answer.failure.body, answer.failure.message),
            )
        })
      }
      const onExit = () => finish(false, () => reject(lane.failures.stopped()))
      const stop = () => finish(false, () => reject(closing()))
      const timer = setTimeout(
        () => finish(false, () => reject(lane.failures.overTime(lane.runMs))),
        lane.runMs,
      )
      const memory = setInterval(() => {
        void residentBytes(child).then((bytes) => {
          resident = bytes
          if (bytes > this.#limits.processBytes)
            finish(false, () => reject(lane.failures.overMemory(this.#limits.processBytes)))
        })
      }, MEMORY_CHECK_MS)
      this.#running.add(stop)
      child.on('message', onAnswer)
      child.once('exit', onExit)
      try {
        child.send({id, job} satisfies WorkerRequest)
      } catch {
        onExit()
      }
    })
  }

  /** An idle process of the lane, if there is one. */
  #idle(lane: Lane) {
    const child = lane.idle.pop()
    if (child) clearTimeout(this.#idleTimers.get(child))
    return child
  }

  /** Keeps a process for the lane's next job, for a while. */
  #keep(lane: Lane, child: ChildProcess) {
    child.channel?.unref()
    lane.idle.push(child)
    const timer = setTimeout(() => {
      const idle = lane.idle.indexOf(child)
      if (idle < 0) return
      lane.idle.splice(idle, 1)
      void this.#discard(child)
    }, IDLE_MS)
    timer.unref()
    this.#idleTimers.set(child, timer)
  }

  /** A new process, once it has loaded sharp (its start does not count against a job's time). */
  async #spawn(lane: Lane): Promise<ChildProcess> {
    if (this.#closed) throw closing()
    const node = [`--max-old-space-size=${WORKER_HEAP_MB}`, WORKER_PATH]
    const [command, args] =
      process.platform === 'win32'
        ? [process.execPath, node]
        : ['nice', ['-n', NICENESS, process.execPath, ...node]]
    const child = spawn(command, args, {stdio: ['ignore', 'inherit', 'inherit', 'ipc']})
    this.#processes.add(child)
    child.once('exit', () => {
      this.#processes.delete(child)
      const idle = lane.idle.indexOf(child)
      if (idle >= 0) lane.idle.splice(idle, 1)
    })
    // An idle process must not keep a script that forgot to close the lake running.
    child.unref()
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(lane.failures.stopped()), START_MS)
        child.once('message', () => {
          clearTimeout(timer)
          resolve()
        })
        child.once('exit', () => {
          clearTimeout(timer)
          reject(this.#closed ? closing() : lane.failures.stopped())
        })
      })
    } catch (error) {
      void this.#discard(child)
      throw error
    }
    if (this.#closed) {
      await this.#discard(child)
      throw closing()
    }
    return child
  }

  #discard(child: ChildProcess) {
    clearTimeout(this.#idleTimers.get(child))
    this.#idleTimers.delete(child)
    this.#processes.delete(child)
    return stopProcess(child)
  }
}

/** SIGKILL, and its exit: a process past its budget may be inside a libvips call that no gentler signal ends. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  // Held until it has exited, so that closing the lake waits for it.
  child.ref()
  child.kill('SIGKILL')
  await exited
}

/** The process's resident memory (Linux's /proc); 0 where it cannot be read. */
async function residentBytes(child: ChildProcess) {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '')
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  return kilobytes ? Number(kilobytes) * 1024 : 0
}
