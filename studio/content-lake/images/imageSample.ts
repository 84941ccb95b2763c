// The small copy of an upload that its lqip, blurHash and palette are made from, and whether every pixel is
// opaque, from one decode of the file. An image without alpha is opaque and is shrunk by libvips as it is decoded
// (a JPEG at a fraction of its pixels). An image with alpha is decoded once into memory (at most 256 megapixels,
// 1 GB: the pixel bound bounds it): every pixel's alpha is looked at there (Sanity's `isOpaque`, exact, as sharp's
// `stats().isOpaque`) and the copy is shrunk from the same pixels. An SVG is drawn once, at the copy's size: a
// vector has no pixels of its own to count.
import sharp, {type Metadata, type Sharp} from 'sharp'
import {READ_OPTIONS} from './imageLimits.ts'

export type Sample = {data: Buffer; width: number; height: number; opaque: boolean}

/** The copy is at most this many pixels a side; 4x3 blurHash components and a 20 px lqip need no more. */
const SAMPLE_SIDE = 64
/** The EXIF orientations other than upright, as sharp turns the copy (its flips apply before its rotation). */
const ORIENTATIONS: Record<number, (image: Sharp) => Sharp> = {
  2: (image) => image.flop(),
  3: (image) => image.rotate(180),
  4: (image) => image.flip(),
  5: (image) => image.rotate(90).flip(),
  6: (image) => image.rotate(90),
  7: (image) => image.rotate(90).flop(),
  8: (image) => image.rotate(270),
}

/** `header`: the file's metadata, as sharp read it. */
export async function sampleOf(file: string, header: Metadata): Promise<Sample> {
  if (header.format === 'svg') {
    const drawn = await rgba(sharp(file, READ_OPTIONS).resize(SAMPLE_SIDE, SAMPLE_SIDE, inside))
    return {...drawn, opaque: opaque(drawn.data)}
  }
  if (!header.hasAlpha)
    return {
      ...(await rgba(
        sharp(file, READ_OPTIONS).autoOrient().resize(SAMPLE_SIDE, SAMPLE_SIDE, inside),
      )),
      opaque: true,
    }
  const {data, info} = await sharp(file, READ_OPTIONS)
    .ensureAlpha()
    .raw()
    .toBuffer({resolveWithObject: true})
  const raw = {width: info.width, height: info.height, channels: 4} as const
  const copy = await rgba(sharp(data, {raw}).resize(SAMPLE_SIDE, SAMPLE_SIDE, inside))
  // Pixels as stored: the copy is turned upright as the file's EXIF orientation says.
  const turn = ORIENTATIONS[header.orientation ?? 1]
  const turned = {width: copy.width, height: copy.height, channels: 4} as const
  const upright = turn ? await rgba(turn(sharp(copy.data, {raw: turned}))) : copy
  return {...upright, opaque: opaque(data)}
}

const inside = {fit: 'inside'} as const

async function rgba(image: Sharp) {
  const {data, info} = await image.ensureAlpha().raw().toBuffer({resolveWithObject: true})
  return {data, width: info.width, height: info.height}
}

/** Whether every pixel of RGBA `pixels` is fully opaque. */
function opaque(pixels: Uint8Array) {
  for (let at = 3; at < pixels.length; at += 4) if (pixels[at] !== 255) return false
  return true
}
