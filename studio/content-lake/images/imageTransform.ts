// Makes a variant from the original with sharp (libvips): turned upright by its EXIF orientation, then `rect`,
// scale, cut, canvas, `flip`, `bg`, `blur`, `sharp` and the output format at `q`, in the order Sanity's image
// pipeline applies them (https://www.sanity.io/docs/image-urls). It runs in an image process (imageWorker.ts),
// never on the lake's thread, with every read bounded by READ_OPTIONS. An SVG is drawn, as Sanity's pipeline
// draws one asked for in another format (its asset docs, quoted in https://github.com/sanity-io/image-url/issues/35),
// rather than served only as a file: libvips draws it at the size the variant needs, librsvg keeps its own guards
// (`unlimited: false`), and a drawing past the transform budget is stopped with its process.
import sharp, {type Sharp} from 'sharp'
import {READ_OPTIONS} from './imageLimits.ts'
import {outputSize, planImage, type ImagePlan, type Size} from './imageGeometry.ts'
import type {ImageParams, OutputFormat, Rgba} from './imageParams.ts'

const WHITE: Rgba = {r: 255, g: 255, b: 255, alpha: 1}
const CLEAR: Rgba = {r: 0, g: 0, b: 0, alpha: 0}
/**
 * Past this sigma a blur is made at a fraction of the size and enlarged: the same picture, while libvips' cost
 * grows with the sigma (a 2000 blur of an 8192 px variant took minutes at full size).
 */
const DIRECT_SIGMA = 8
/**
 * Past this many pixels an AVIF is encoded at effort 0 with 4:2:0 chroma: at effort 2 with sharp's default 4:4:4,
 * an 8192x6144 one took 24 s and 1.7 GB on one core here; so it takes 6 s and 1.1 GB.
 */
const LARGE_AVIF_PIXELS = 16_000_000

/** The variant of `original` (a file or its bytes), encoded and ready to write. */
export async function variantOf(
  original: string | Buffer,
  params: ImageParams,
  format: OutputFormat,
): Promise<Sharp> {
  const source = await sharp(original, READ_OPTIONS).metadata()
  const plan = planImage(source.autoOrient, params)
  const image = sharp(original, READ_OPTIONS).autoOrient()
  const padding = params.background ?? (format === 'jpg' || format === 'pjpg' ? WHITE : CLEAR)
  shape(image, source.autoOrient, plan, padding)
  if (params.flip.horizontal) image.flop()
  if (params.flip.vertical) image.flip()
  if (params.background || format === 'jpg' || format === 'pjpg')
    image.flatten({background: params.background ?? WHITE})
  const size = outputSize(plan)
  // Sanity gives `blur` 1-2000 and `sharp` 0-100 without saying how strong each is: they are spread over sharp's
  // own ranges, sigma 0.3-1000 for blur and 0-10 for sharpen (https://sharp.pixelplumbing.com/api-operation).
  const sigma = params.blur === undefined ? 0 : Math.max(0.3, params.blur / 2)
  const blurred = sigma > DIRECT_SIGMA ? await blurReduced(image, size, sigma) : image
  if (sigma > 0 && sigma <= DIRECT_SIGMA) blurred.blur(sigma)
  if (params.sharpen) blurred.sharpen({sigma: params.sharpen / 10})
  return encode(blurred, format, params.quality, size.width * size.height)
}

/** The image blurred by `sigma`: shrunk until its blur is DIRECT_SIGMA, blurred, and enlarged to `size` again. */
async function blurReduced(image: Sharp, size: Size, sigma: number): Promise<Sharp> {
  const factor = sigma / DIRECT_SIGMA
  const whole = await image.raw().toBuffer({resolveWithObject: true})
  const small = await sharp(whole.data, {raw: whole.info})
    .resize(
      Math.max(1, Math.round(size.width / factor)),
      Math.max(1, Math.round(size.height / factor)),
      {fit: 'fill'},
    )
    .blur(DIRECT_SIGMA)
    .raw()
    .toBuffer({resolveWithObject: true})
  return sharp(small.data, {raw: small.info}).resize(size.width, size.height, {fit: 'fill'})
}

function shape(image: Sharp, source: Size, plan: ImagePlan, padding: Rgba) {
  const {rect, cut, scale} = plan
  if (cut && 'entropy' in cut) {
    if (rect) image.extract(rect)
    image.resize(cut.width, cut.height, {fit: 'cover', position: sharp.strategy.entropy})
  } else if (rect && scale.width <= rect.width && scale.height <= rect.height) {
    // Shrinking the whole image and then cutting the rect from it lets libvips shrink a JPEG as it decodes it
    // (a 12 MP photo read at a fraction of its pixels); cutting first would decode every pixel.
    const factorX = scale.width / rect.width
    const factorY = scale.height / rect.height
    const whole = {
      width: Math.max(1, Math.round(source.width * factorX)),
      height: Math.max(1, Math.round(source.height * factorY)),
    }
    const region = cut ?? {left: 0, top: 0, ...scale}
    image.resize(whole.width, whole.height, {fit: 'fill'}).extract({
      left: Math.min(Math.round(rect.left * factorX) + region.left, whole.width - region.width),
      top: Math.min(Math.round(rect.top * factorY) + region.top, whole.height - region.height),
      width: region.width,
      height: region.height,
    })
  } else {
    if (rect) image.extract(rect)
    image.resize(scale.width, scale.height, {fit: 'fill'})
    if (cut) image.extract(cut)
  }
  const {canvas} = plan
  if (canvas) {
    const spareX = canvas.width - plan.scale.width
    const spareY = canvas.height - plan.scale.height
    image.extend({
      left: Math.floor(spareX / 2),
      right: Math.ceil(spareX / 2),
      top: Math.floor(spareY / 2),
      bottom: Math.ceil(spareY / 2),
      background: padding,
    })
  }
}

function encode(image: Sharp, format: OutputFormat, quality: number, pixels: number) {
  switch (format) {
    case 'jpg':
      return image.jpeg({quality})
    case 'pjpg':
      return image.jpeg({quality, progressive: true})
    case 'png':
      return image.png()
    case 'webp':
      return image.webp({quality})
    // effort 2 of 9: libvips' default (4) takes seconds for a large AVIF on two cores.
    case 'avif':
      return pixels > LARGE_AVIF_PIXELS
        ? image.avif({quality, effort: 0, chromaSubsampling: '4:2:0'})
        : image.avif({quality, effort: 2})
  }
}
