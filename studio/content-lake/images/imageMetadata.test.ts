// An upload's metadata from one reading of its pixels (as an image process reads it, here in this thread): the
// 256-megapixel PNG of one colour that is under 1 MB on disk was decoded twice, once for the small copy its lqip,
// blurHash and palette come from and once more for `isOpaque`, which Sanity reads from every pixel as sharp's
// `stats().isOpaque` does. Counted at sharp's pipeline (`_pipeline`, which toBuffer, toFile and streams run) and
// `stats`, for the instances that read the uploaded file.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest'
import {readUploadedImage} from './imageMetadata.ts'
import {near, oneColourPng, pixelAt, quadrants, RED, transparentPng} from '../testing/testImages.ts'

const folder = mkdtempSync(join(tmpdir(), 'lake-metadata-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))
afterEach(() => vi.restoreAllMocks())

type Metadata = {
  dimensions: {width: number; height: number}
  lqip: string
  palette: {dominant: {background: string}}
  hasAlpha: boolean
  isOpaque: boolean
}

async function written(name: string, bytes: Buffer | Promise<Buffer>) {
  const file = join(folder, name)
  writeFileSync(file, await bytes)
  return file
}

/** How many times sharp read the pixels of `file` while `work` ran. */
async function pixelReadsOf(file: string, work: () => Promise<unknown>) {
  // sharp's own field for a file input (lib/input.js): the one way to tell which instance reads the upload.
  type Instance = {options: {input: {file?: string}}}
  let reads = 0
  const prototype = sharp.prototype as unknown as Record<'_pipeline' | 'stats', () => unknown>
  for (const method of ['_pipeline', 'stats'] as const) {
    const original = prototype[method]
    vi.spyOn(prototype, method).mockImplementation(function (this: Instance, ...args: unknown[]) {
      if (this.options.input.file === file) reads += 1
      return Reflect.apply(original, this, args)
    })
  }
  await work()
  return reads
}

describe('reading an upload', () => {
  it('decodes a 256-megapixel PNG of one colour once, for its copy and its opacity both', async () => {
    const file = await written('flat.png', oneColourPng(16_000))
    let metadata: Metadata | undefined
    const reads = await pixelReadsOf(file, async () => {
      metadata = (await readUploadedImage(file)).metadata as Metadata
    })
    expect(reads).toBe(1)
    expect(metadata).toMatchObject({
      dimensions: {width: 16_000, height: 16_000},
      hasAlpha: true,
      isOpaque: true,
      palette: {dominant: {background: '#0000ff'}},
    })
  })

  it('finds one pixel that is not opaque among a million, as sharp’s stats().isOpaque does', async () => {
    const pixels = Buffer.alloc(1000 * 1000 * 4, 255)
    pixels[(500 * 1000 + 500) * 4 + 3] = 254
    const file = await written(
      'almost.png',
      sharp(pixels, {raw: {width: 1000, height: 1000, channels: 4}})
        .png()
        .toBuffer(),
    )
    expect(await sharp(file).stats()).toMatchObject({isOpaque: false})
    expect((await readUploadedImage(file)).metadata).toMatchObject({isOpaque: false})
  })

  it('turns the copy of an image with alpha upright by its EXIF orientation, as the transforms do', async () => {
    // Stored 400x300, orientation 6 (turn 90° clockwise to display): shown 300x400, red top right.
    const file = await written(
      'turned.png',
      sharp(await quadrants(400, 300))
        .ensureAlpha()
        .withMetadata({orientation: 6})
        .png()
        .toBuffer(),
    )
    const {metadata} = await readUploadedImage(file)
    expect(metadata).toMatchObject({dimensions: {width: 300, height: 400}, isOpaque: true})
    const lqip = Buffer.from((metadata as Metadata).lqip.split(',')[1] ?? '', 'base64')
    expect(await sharp(lqip).metadata()).toMatchObject({width: 20, height: 27})
    expect(near(await pixelAt(lqip, 18, 2), RED, 60)).toBe(true)
  })

  it('keeps transparent pixels out of the copy’s colours', async () => {
    const file = await written('clear.png', transparentPng(640, 320))
    expect((await readUploadedImage(file)).metadata).toMatchObject({
      hasAlpha: true,
      isOpaque: false,
      palette: {dominant: {background: '#0000ff'}},
    })
  })
})
