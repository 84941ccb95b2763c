// What Sanity stores about an uploaded image by default (https://www.sanity.io/docs/image-metadata): its
// dimensions as displayed (EXIF orientation applied), `lqip` (a 20 px wide JPEG as a data URL), `blurHash`,
// `palette`, `hasAlpha` and `isOpaque`. Reading them decodes every pixel once, so a file that is not an image, is
// cut short or declares more pixels than the lake reads is refused here, with a 400 and why, before it is stored.
import {encode as encodeBlurHash} from 'blurhash'
import sharp from 'sharp'
import {badRequest} from './errors.ts'
import {MAX_INPUT_PIXELS} from './imageLimits.ts'
import {paletteOf} from './imagePalette.ts'

export type UploadedImage = {extension: string; width: number; height: number; metadata: object}

/** The formats Sanity takes as images, by the name sharp reads from the file's own bytes. */
const EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  svg: 'svg',
  tiff: 'tiff',
}
const LQIP_WIDTH = 20
/** The copy the palette and blurHash are read from; 4x3 components, the blurhash package's own example. */
const SAMPLE_SIDE = 64

export async function readUploadedImage(bytes: Buffer): Promise<UploadedImage> {
  const header = await sharp(bytes, {limitInputPixels: false})
    .metadata()
    .catch(() => {
      throw badRequest(
        'The upload is not an image this lake can read (JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF)',
      )
    })
  const extension =
    header.format === 'heif' && header.compression === 'av1' ? 'avif' : EXTENSIONS[header.format]
  if (!extension) throw badRequest(`Images in ${header.format} format are not supported`)
  const {width, height} = header.autoOrient
  if (width * height > MAX_INPUT_PIXELS)
    throw badRequest(
      `The image is ${width}x${height} pixels, more than the ${MAX_INPUT_PIXELS / 1e6} megapixels an image may have`,
    )
  try {
    const sample = await sampleOf(bytes)
    return {
      extension,
      width,
      height,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height},
        lqip: await lqipOf(sample),
        blurHash: encodeBlurHash(
          new Uint8ClampedArray(sample.data),
          sample.info.width,
          sample.info.height,
          4,
          3,
        ),
        palette: paletteOf(sample.data),
        hasAlpha: header.hasAlpha,
        // Only an image with an alpha channel can be other than opaque; its every pixel is looked at.
        isOpaque: header.hasAlpha ? (await decoder(bytes).stats()).isOpaque : true,
      },
    }
  } catch {
    throw badRequest(
      `The image could not be decoded: the ${extension} file is damaged or cut short`,
    )
  }
}

const decoder = (bytes: Buffer) =>
  sharp(bytes, {limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated'}).autoOrient()

type Sample = {data: Buffer; info: {width: number; height: number}}

/** A small RGBA copy, decoded from every pixel of the file (so a file cut short fails here). */
const sampleOf = (bytes: Buffer): Promise<Sample> =>
  decoder(bytes)
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, {fit: 'inside'})
    .ensureAlpha()
    .raw()
    .toBuffer({resolveWithObject: true})

async function lqipOf({data, info}: Sample) {
  const jpeg = await sharp(data, {raw: {width: info.width, height: info.height, channels: 4}})
    .resize(LQIP_WIDTH)
    .flatten({background: '#ffffff'})
    .jpeg({quality: 40})
    .toBuffer()
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}
