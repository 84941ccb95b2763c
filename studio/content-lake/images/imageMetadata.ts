// What Sanity stores about an uploaded image by default (https://www.sanity.io/docs/image-metadata): its
// dimensions as displayed (EXIF orientation applied), `lqip` (a 20 px wide JPEG as a data URL), `blurHash`,
// `palette`, `hasAlpha` and `isOpaque`. It runs in an image process (imageWorker.ts) on the upload as written to
// a file, reading the header first and the pixels once (imageSample.ts). A file that is not an image, declares
// more pixels than the lake reads, or is damaged (cut short, a wrong checksum) is refused as Sanity refuses an
// invalid image (imageErrors.ts), with why in `details`, before it is stored.
import {encode as encodeBlurHash} from 'blurhash'
import sharp from 'sharp'
import {invalidImage} from './imageErrors.ts'
import {MAX_INPUT_PIXELS, READ_OPTIONS} from './imageLimits.ts'
import {paletteOf} from './imagePalette.ts'
import {sampleOf, type Sample} from './imageSample.ts'

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

export async function readUploadedImage(file: string): Promise<UploadedImage> {
  // The header alone, without sharp's pixel limit, so that a file declaring too many pixels hears how many.
  const header = await sharp(file, {...READ_OPTIONS, limitInputPixels: false})
    .metadata()
    .catch(() => {
      throw invalidImage(
        'The upload is not an image this lake can read (JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF)',
      )
    })
  const extension =
    header.format === 'heif' && header.compression === 'av1' ? 'avif' : EXTENSIONS[header.format]
  if (!extension) throw invalidImage(`Images in ${header.format} format are not supported`)
  const {width, height} = header.autoOrient
  if (width * height > MAX_INPUT_PIXELS)
    throw invalidImage(
      `The image is ${width}x${height} pixels, more than the ${MAX_INPUT_PIXELS / 1e6} megapixels an image may have`,
    )
  const sample = await sampleOf(file, header).catch(() => {
    throw invalidImage(
      `The image could not be decoded: the ${extension} file is damaged or cut short`,
    )
  })
  return {
    extension,
    width,
    height,
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height},
      lqip: await lqipOf(sample),
      // 4x3 components, the blurhash package's own example.
      blurHash: encodeBlurHash(
        new Uint8ClampedArray(sample.data),
        sample.width,
        sample.height,
        4,
        3,
      ),
      palette: paletteOf(sample.data),
      hasAlpha: header.hasAlpha,
      isOpaque: sample.opaque,
    },
  }
}

async function lqipOf({data, width, height}: Sample) {
  const jpeg = await sharp(data, {raw: {width, height, channels: 4}})
    .resize(LQIP_WIDTH)
    .flatten({background: '#ffffff'})
    .jpeg({quality: 40})
    .toBuffer()
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}
