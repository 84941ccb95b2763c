// The image processes' bounds, driven on the pool itself with small limits: a libvips call that runs away (an
// SVG whose filters take minutes at full size) is stopped by ending its process, as no thread can interrupt it; a
// process that grows past its memory is stopped too; a few run at once and the rest wait a bounded time in a
// bounded queue, then hear the lake is busy; uploads have their own process; closing stops them all.
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {LakeError} from '../documents/errors.ts'
import {readImageParams} from './imageParams.ts'
import {ImageWorkers} from './imageWorkers.ts'
import {quadrants, svgFilterBomb} from '../testing/testImages.ts'

const folder = mkdtempSync(join(tmpdir(), 'lake-image-workers-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))

const written = (name: string, bytes: Buffer) => {
  const file = join(folder, name)
  writeFileSync(file, bytes)
  return file
}
const bomb = written('bomb.svg', svgFilterBomb())
const picture = written('picture.png', await quadrants(4000, 3000))
const small = written('small.png', await quadrants(40, 30))
let outputs = 0

/** A transform of `original` by the URL query `query`, to a file of its own. */
const transform = (images: ImageWorkers, original: string, query: string) =>
  images.transform({
    original,
    params: readImageParams(new URLSearchParams(query)),
    format: 'png',
    output: join(folder, `out-${(outputs += 1)}.png`),
  })

/** The refusal a job ended with: its status, body and headers. */
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable('the job was not refused'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(LakeError)
      const {status, body, headers} = error as LakeError
      return {status, body, headers}
    },
  )

/** The image processes running now: this process's children that run imageWorker.ts. */
function imageProcesses() {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${process.pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean),
  )
  return children.filter((pid) => {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    return command.includes('imageWorker.ts')
  })
}

describe('image processes', () => {
  it('stop a transform past its time by ending its process, answer why, and make the next one', async () => {
    const images = new ImageWorkers({transformMs: 1_000})
    try {
      const started = performance.now()
      // Drawn at 8192 px, each of the SVG's blurs covers 67 megapixels: minutes of librsvg.
      expect(await refusalOf(transform(images, bomb, 'w=8192'))).toMatchObject({
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message:
            "Making the variant took longer than 1 s, the embedded Content Lake's limit for one image; ask for a smaller one",
        },
      })
      // A backstop, not a timing: the drawing alone would take minutes.
      expect(performance.now() - started).toBeLessThan(30_000)
      // Small work, so that a busy machine does not take it past the small budget.
      await transform(images, small, 'w=10')
      await transform(images, bomb, 'w=10')
    } finally {
      await images.close()
    }
  })

  it('stop a transform whose process grows past its memory', async () => {
    const images = new ImageWorkers({processBytes: 150 * 1024 ** 2, transformMs: 120_000})
    try {
      // An AVIF encoder holds the whole 8192x8192 frame: hundreds of MB.
      const work = images.transform({
        original: picture,
        params: readImageParams(new URLSearchParams('w=8192&h=8192&fit=scale')),
        format: 'avif',
        output: join(folder, 'large.avif'),
      })
      expect(await refusalOf(work)).toMatchObject({
        status: 422,
        body: {message: expect.stringContaining('needed more than 150 MB') as unknown},
      })
    } finally {
      await images.close()
    }
  })

  it('run a bounded number at once, let a bounded queue wait a bounded time, and refuse the rest as busy', async () => {
    const images = new ImageWorkers({transformSlots: 1, queued: 1, waitMs: 300, transformMs: 5_000})
    try {
      // Each refusal is taken as it comes: the running job's may come before the upload's analysis ends.
      const running = refusalOf(transform(images, bomb, 'w=8192'))
      const waiting = refusalOf(transform(images, picture, 'w=100'))
      const refused = refusalOf(transform(images, picture, 'w=120'))
      const busy = {
        status: 503,
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The embedded Content Lake is busy with other images; try again shortly',
        },
        headers: {'Retry-After': '5'},
      }
      expect(await refused).toEqual(busy)
      expect(await waiting).toEqual(busy)
      // An upload's analysis has a process of its own, so it runs while every transform slot is taken.
      expect(await images.analyse(picture)).toMatchObject({width: 4000, height: 3000})
      expect(await running).toMatchObject({status: 422})
    } finally {
      await images.close()
    }
  })

  it('stop every process on close, answering what ran with 503', async () => {
    const images = new ImageWorkers()
    const running = refusalOf(transform(images, bomb, 'w=8192'))
    await expect.poll(() => imageProcesses().length).toBe(1)
    await images.close()
    expect(await running).toMatchObject({status: 503})
    expect(imageProcesses()).toEqual([])
  })
})
