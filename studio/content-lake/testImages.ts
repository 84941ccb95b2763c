// Images made for tests with sharp, so no binary fixture is kept: flat colours in known places, a photo-like
// JPEG, and a PNG whose header declares more pixels than any lake reads (a decompression bomb).
import {crc32, deflateSync} from 'node:zlib'
import sharp from 'sharp'

export type Rgb = {r: number; g: number; b: number}

export const RED: Rgb = {r: 255, g: 0, b: 0}
export const GREEN: Rgb = {r: 0, g: 255, b: 0}
export const BLUE: Rgb = {r: 0, g: 0, b: 255}
export const YELLOW: Rgb = {r: 255, g: 255, b: 0}

/** `width` x `height`, four quadrants: red top left, green top right, blue bottom left, yellow bottom right. */
export function quadrants(width: number, height: number, format: 'jpeg' | 'png' = 'png') {
  const half = (colour: Rgb, left: number, top: number) => ({
    input: {
      create: {width: width / 2, height: height / 2, channels: 3 as const, background: colour},
    },
    left,
    top,
  })
  const image = sharp({create: {width, height, channels: 3, background: RED}}).composite([
    half(GREEN, width / 2, 0),
    half(BLUE, 0, height / 2),
    half(YELLOW, width / 2, height / 2),
  ])
  return (format === 'png' ? image.png() : image.jpeg({quality: 95})).toBuffer()
}

/**
 * A photo's worth of bytes: colour gradients and waves under grain, as a JPEG at a camera's quality; at 4000x3000
 * it is about as large as a phone's photo (4-5 MB).
 */
export function photo(width: number, height: number) {
  const pixels = new Uint8ClampedArray(width * height * 3)
  let seed = 1
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      const grain = ((seed >>> 24) % 48) - 24
      const at = (y * width + x) * 3
      pixels[at] = (x * 255) / width + grain
      pixels[at + 1] = (y * 255) / height + grain
      pixels[at + 2] = 128 + 100 * Math.sin(x / 150) * Math.cos(y / 120) + grain
    }
  return sharp(Buffer.from(pixels.buffer), {raw: {width, height, channels: 3}})
    .jpeg({quality: 90})
    .toBuffer()
}

/** A blue PNG whose right half is transparent. */
export function transparentPng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width / 2; x += 1) pixels.set([0, 0, 255, 255], (y * width + x) * 4)
  return sharp(pixels, {raw: {width, height, channels: 4}})
    .png()
    .toBuffer()
}

/** A PNG whose header says `side` x `side` pixels, with a few bytes of image data: tiny on disk, huge decoded. */
export function decompressionBomb(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8 bits, greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Uint8Array, x: number, y: number): Promise<Rgb> {
  const {data, info} = await sharp(image).removeAlpha().raw().toBuffer({resolveWithObject: true})
  const at = (y * info.width + x) * info.channels
  return {r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1}
}

/** Whether two colours are the same within what lossy encoding changes. */
export const near = (actual: Rgb, expected: Rgb, tolerance = 40) =>
  Math.abs(actual.r - expected.r) <= tolerance &&
  Math.abs(actual.g - expected.g) <= tolerance &&
  Math.abs(actual.b - expected.b) <= tolerance
