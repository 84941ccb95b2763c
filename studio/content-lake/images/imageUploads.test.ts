// Image uploads as Sanity's asset pipeline takes them (https://www.sanity.io/docs/image-metadata): the metadata it
// stores by default, EXIF orientation, and the refusals of what is not an image it can read, each Sanity's 400
// for an invalid image (`Invalid image, could not read metadata`, https://github.com/sanity-io/sanity/issues/185)
// with why in `details`, after which the lake keeps answering.
import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {isBlurhashValid} from 'blurhash'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'
import {
  BLUE,
  decompressionBomb,
  near,
  photo,
  pixelAt,
  quadrants,
  RED,
  svgFilterBomb,
  transparentPng,
  withWrongChecksum,
} from '../testing/testImages.ts'

let lake: TestLake
const upload = (bytes: Buffer) => testLakeClient(lake.url).assets.upload('image', bytes)
const refusal = (bytes: Buffer) =>
  fetch(`${lake.url}/v2025-02-19/assets/images/production`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
    body: new Uint8Array(bytes),
  })

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake.close())

type Metadata = {
  dimensions: {width: number; height: number; aspectRatio: number}
  lqip: string
  blurHash: string
  palette: {dominant: {background: string; foreground: string; population: number}}
  hasAlpha: boolean
  isOpaque: boolean
}
const metadataOf = (asset: {metadata?: unknown}) => asset.metadata as Metadata

/** Sanity's answer to an upload it cannot read as an image, `details` saying why. */
const invalidImage = (details: string) => ({
  statusCode: 400,
  error: 'Bad Request',
  message: 'Invalid image, could not read metadata',
  details,
})

describe('metadata at upload', () => {
  it('stores dimensions, an lqip, a blurHash, a palette, hasAlpha and isOpaque, as Sanity does', async () => {
    const asset = await upload(await quadrants(400, 300, 'jpeg'))
    const metadata = metadataOf(asset)
    expect(metadata.dimensions).toMatchObject({width: 400, height: 300, aspectRatio: 400 / 300})
    expect(metadata.lqip).toMatch(/^data:image\/jpeg;base64,/)
    const lqip = Buffer.from(metadata.lqip.split(',')[1] ?? '', 'base64')
    expect(await sharp(lqip).metadata()).toMatchObject({width: 20, height: 15, format: 'jpeg'})
    expect(near(await pixelAt(lqip, 2, 2), RED, 60)).toBe(true)
    expect(isBlurhashValid(metadata.blurHash)).toEqual({result: true})
    expect(metadata.palette.dominant).toMatchObject({
      background: expect.stringMatching(/^#[0-9a-f]{6}$/),
      foreground: expect.stringMatching(/^#(?:000|fff)$/),
    })
    expect(metadata.palette).toHaveProperty('vibrant')
    expect([metadata.hasAlpha, metadata.isOpaque]).toEqual([false, true])
    expect(asset._id).toBe(`image-${asset.sha1hash}-400x300-jpg`)
  })

  it('tells an image with transparent pixels from one with an unused alpha channel', async () => {
    const clear = metadataOf(await upload(await transparentPng(64, 32)))
    expect([clear.hasAlpha, clear.isOpaque]).toEqual([true, false])
    expect(clear.palette.dominant.background).toBe('#0000ff')
    const solid = await sharp({create: {width: 8, height: 8, channels: 4, background: BLUE}})
      .png()
      .toBuffer()
    expect(metadataOf(await upload(solid))).toMatchObject({hasAlpha: true, isOpaque: true})
  })

  it('gives a photo turned by EXIF its dimensions as displayed, in its id and its transforms', async () => {
    // Stored 400x300 with orientation 6 (turn 90° clockwise to display): shown 300x400, red top right.
    const turned = await sharp(await quadrants(400, 300))
      .jpeg()
      .withMetadata({orientation: 6})
      .toBuffer()
    const asset = await upload(turned)
    expect(metadataOf(asset).dimensions).toMatchObject({width: 300, height: 400})
    expect(asset._id).toBe(`image-${asset.sha1hash}-300x400-jpg`)
    const small = Buffer.from(await (await fetch(`${asset.url}?w=150`)).arrayBuffer())
    expect(await sharp(small).metadata()).toMatchObject({width: 150, height: 200})
    expect(near(await pixelAt(small, 145, 5), RED)).toBe(true)
  })
})

describe('refusals at upload', () => {
  it('refuses a file that is not an image', async () => {
    const answer = await refusal(Buffer.from('%PDF-1.7 not an image at all'))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual(
      invalidImage(
        'The upload is not an image this lake can read (JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF)',
      ),
    )
  })

  it('refuses a JPEG cut short', async () => {
    const picture = await photo(800, 600)
    const answer = await refusal(picture.subarray(0, Math.floor(picture.length / 2)))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual(
      invalidImage('The image could not be decoded: the jpg file is damaged or cut short'),
    )
  })

  it('refuses a PNG whose checksum is wrong, as libpng does when sharp reads untrusted input', async () => {
    // sharp's `failOn: 'warning'` ("use the default 'warning' level with untrusted input") lets libpng refuse it.
    const answer = await refusal(withWrongChecksum(await quadrants(40, 30)))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual(
      invalidImage('The image could not be decoded: the png file is damaged or cut short'),
    )
  })

  it('refuses a decompression bomb from its header, and keeps answering and taking images', async () => {
    const bomb = decompressionBomb(30_000)
    expect(bomb.length).toBeLessThan(40_000)
    const started = performance.now()
    const answer = await refusal(bomb)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual(
      invalidImage(
        'The image is 30000x30000 pixels, more than the 256 megapixels an image may have',
      ),
    )
    expect(performance.now() - started).toBeLessThan(2_000)
    expect((await fetch(`${lake.url}/v1/ping`)).status).toBe(200)
    expect(metadataOf(await upload(await quadrants(40, 30))).dimensions.width).toBe(40)
  })

  it('takes an SVG whose filters take minutes at full size, drawing it only at the size its metadata needs', async () => {
    // librsvg draws the whole 8000x8000 canvas through each blur when asked for every pixel, as reading the
    // opacity of every pixel did: the upload then held the lake for minutes.
    const asset = await upload(svgFilterBomb())
    expect(metadataOf(asset).dimensions).toMatchObject({width: 8000, height: 8000})
    expect(asset.mimeType).toBe('image/svg+xml')
  })

  it('stores nothing for a refused upload', async () => {
    const images = () =>
      testLakeClient(lake.url).fetch<number>('count(*[_type == "sanity.imageAsset"])')
    const folder = join(lake.dataDir, 'assets', 'production')
    const [before, filesBefore] = [await images(), readdirSync(folder)]
    expect((await refusal(Buffer.from('still not an image'))).status).toBe(400)
    expect(await images()).toBe(before)
    expect(readdirSync(folder)).toEqual(filesBefore)
  })
})
