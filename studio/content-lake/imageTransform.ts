// Makes a variant's bytes from the original's with sharp (libvips): turned upright by its EXIF orientation, then
// `rect`, scale, cut, canvas, `flip`, `bg` and the output format at `q`, in the order Sanity's image pipeline
// applies them (https://www.sanity.io/docs/image-urls). sharp works on libuv's thread pool, so a transform never
// holds the lake's event loop.
import sharp, {type Sharp} from 'sharp'
import {MAX_INPUT_PIXELS} from './imageLimits.ts'
import {planImage, type ImagePlan, type Size} from './imageGeometry.ts'
import type {ImageParams, OutputFormat, Rgba} from './imageParams.ts'

const WHITE: Rgba = {r: 255, g: 255, b: 255, alpha: 1}
const CLEAR: Rgba = {r: 0, g: 0, b: 0, alpha: 0}

export async function transformImage(
  original: Buffer,
  params: ImageParams,
  format: OutputFormat,
): Promise<Buffer> {
  const source = await sharp(original, {limitInputPixels: MAX_INPUT_PIXELS}).metadata()
  const plan = planImage(source.autoOrient, params)
  const image = sharp(original, {limitInputPixels: MAX_INPUT_PIXELS}).autoOrient()
  const padding = params.background ?? (format === 'jpg' || format === 'pjpg' ? WHITE : CLEAR)
  shape(image, source.autoOrient, plan, padding)
  if (params.flip.horizontal) image.flop()
  if (params.flip.vertical) image.flip()
  if (params.background || format === 'jpg' || format === 'pjpg')
    image.flatten({background: params.background ?? WHITE})
  return encode(image, format, params.quality).toBuffer()
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

function encode(image: Sharp, format: OutputFormat, quality: number) {
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
      return image.avif({quality, effort: 2})
  }
}
