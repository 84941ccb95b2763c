// Images made for tests with sharp, so no binary fixture is kept: flat colours in known places, a photo-like
// JPEG, and hostile files: a PNG whose header declares more pixels than any lake reads (a decompression bomb), one
// of a single colour that is small on disk and 256 megapixels decoded, a PNG with a wrong checksum, an SVG whose
// filter takes minutes to draw at full size, and an SVG that carries script.
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
 * A photo's worth of detail, as a JPEG at a camera's quality: colour made of value noise summed over octaves (each
 * finer octave weaker, as in a photo of the world), the outline of another such noise as hard edges at every
 * scale, and a sensor's grain. Its detail survives downscaling as a photo's does: a 4000x3000 one is about as large
 * as a phone's photo (4-5 MB), and its 640x360 WebP at quality 60 is 30-45 KB, as a detailed photo's is. The same
 * bytes every time (a fixed seed).
 */
export async function photo(width: number, height: number) {
  const random = seeded(1)
  // Made at half the size and enlarged by sharp: the octaves a half-size image cannot hold are the grain's.
  const half = {width: Math.ceil(width / 2), height: Math.ceil(height / 2)}
  const [red, green, blue] = valueNoise(half, 3, 0.75, random)
  const [outline] = valueNoise(half, 1, 0.8, random)
  const enlarged = (planes: Float32Array[]) =>
    sharp(interleaved(planes, half.width * half.height), {
      raw: {...half, channels: planes.length as 1 | 3},
    })
      .resize(width, height, {fit: 'fill'})
      .toColourspace(planes.length === 1 ? 'b-w' : 'srgb')
      .raw()
      .toBuffer()
  const [colour, edges] = await Promise.all([enlarged([red!, green!, blue!]), enlarged([outline!])])
  const pixels = new Uint8ClampedArray(width * height * 3)
  for (let at = 0; at < width * height; at += 1) {
    const shade = ((edges[at] ?? 128) >= 128 ? 40 : -40) + 20 * random()
    for (let channel = 0; channel < 3; channel += 1)
      pixels[at * 3 + channel] = (colour[at * 3 + channel] ?? 128) + shade
  }
  return sharp(Buffer.from(pixels.buffer), {raw: {width, height, channels: 3}})
    .jpeg({quality: 90})
    .toBuffer()
}

/** Numbers in [-0.5, 0.5), the same sequence for the same seed (a linear congruential generator). */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return (state >>> 8) / 0x1000000 - 0.5
  }
}

/**
 * `planes` fields of value noise, centred on 0: an 8 px grid of random values doubled by bilinear interpolation
 * until it is `size`, with new random values added at each octave, each octave `persistence` times as strong as
 * the one before. The planes share most of each value (a colour's channels move together) and differ a little.
 */
function valueNoise(
  size: {width: number; height: number},
  planes: number,
  persistence: number,
  random: () => number,
) {
  let octaves = 0
  while (Math.max(size.width, size.height) >> octaves > 8) octaves += 1
  let width = Math.ceil(size.width / 2 ** octaves)
  let height = Math.ceil(size.height / 2 ** octaves)
  let fields = Array.from({length: planes}, () => new Float32Array(width * height))
  for (let octave = octaves; octave >= 0; octave -= 1) {
    if (octave < octaves) {
      const next = {
        width: Math.ceil(size.width / 2 ** octave),
        height: Math.ceil(size.height / 2 ** octave),
      }
      fields = fields.map((field) => doubled(field, {width, height}, next))
      ;({width, height} = next)
    }
    const amplitude = 400 * (1 - persistence) * persistence ** (octaves - octave)
    for (let at = 0; at < width * height; at += 1) {
      const shared = random()
      for (const field of fields) field[at] = (field[at] ?? 0) + amplitude * (shared + random() / 2)
    }
  }
  return fields
}

/** `field` at twice its size by bilinear interpolation, cut to `to`. */
function doubled(
  field: Float32Array,
  from: {width: number; height: number},
  to: {width: number; height: number},
) {
  const out = new Float32Array(to.width * to.height)
  const source = (at: number, length: number) => Math.min(Math.max((at - 0.5) / 2, 0), length - 1)
  const left = Int32Array.from({length: to.width}, (_, x) => Math.floor(source(x, from.width)))
  const right = left.map((x) => Math.min(x + 1, from.width - 1))
  const across = Float32Array.from(
    {length: to.width},
    (_, x) => source(x, from.width) - (left[x] ?? 0),
  )
  for (let y = 0; y < to.height; y += 1) {
    const sy = source(y, from.height)
    const top = Math.floor(sy) * from.width
    const bottom = Math.min(Math.floor(sy) + 1, from.height - 1) * from.width
    const down = sy - Math.floor(sy)
    for (let x = 0; x < to.width; x += 1) {
      const a = left[x] ?? 0
      const b = right[x] ?? 0
      const t = across[x] ?? 0
      const upper = (field[top + a] ?? 0) * (1 - t) + (field[top + b] ?? 0) * t
      const lower = (field[bottom + a] ?? 0) * (1 - t) + (field[bottom + b] ?? 0) * t
      out[y * to.width + x] = upper * (1 - down) + lower * down
    }
  }
  return out
}

/** The planes as one 8-bit image's interleaved channels, around mid-grey. */
function interleaved(planes: Float32Array[], pixels: number) {
  const bytes = new Uint8ClampedArray(pixels * planes.length)
  for (let at = 0; at < pixels; at += 1)
    for (const [channel, plane] of planes.entries())
      bytes[at * planes.length + channel] = 128 + (plane[at] ?? 0)
  return Buffer.from(bytes.buffer)
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

/** A `side` x `side` RGBA PNG of one colour: a few MB on disk, `side`² pixels decoded. */
export const oneColourPng = (side: number) =>
  sharp({create: {width: side, height: side, channels: 4, background: {...BLUE, alpha: 1}}})
    .png({compressionLevel: 9})
    .toBuffer()

/** The PNG with the checksum of its first image data chunk changed: its pixels are as they were. */
export function withWrongChecksum(png: Buffer) {
  const type = png.indexOf('IDAT', 8, 'ascii')
  const checksum = type + 4 + png.readUInt32BE(type - 4)
  const damaged = Buffer.from(png)
  damaged.writeUInt32BE((png.readUInt32BE(checksum) + 1) >>> 0, checksum)
  return damaged
}

/**
 * An 8000x8000 SVG whose rectangle goes through a chain of Gaussian blurs: a few kB, drawn small in milliseconds,
 * drawn at full size for minutes (librsvg applies each filter to every pixel).
 */
export const svgFilterBomb = (side = 8000) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><filter id="f">${'<feGaussianBlur stdDeviation="400"/>'.repeat(8)}</filter><rect width="${side}" height="${side}" fill="red" filter="url(#f)"/></svg>`,
  )

/** A small SVG that runs script when opened as a document: a `<script>` and an `onload`. */
export const scriptedSvg = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" onload="document.title='onload ran'"><script>document.title='script ran'</script><rect width="40" height="30" fill="blue"/></svg>`,
  )

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
