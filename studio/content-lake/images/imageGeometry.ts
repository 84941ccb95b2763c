// The sizes a transformation makes, worked out before any pixel is touched: which part of the image (`rect`), the
// size it is scaled to, what a `fit=crop|min` cuts from that, and the canvas `fit=fill|fillmax` pads to. The fit
// modes as Sanity's image transformation reference describes them (https://www.sanity.io/docs/image-urls#fit):
// clip fits inside the box; max as clip but never enlarges; scale stretches to the box; crop covers the box and
// cuts the rest (where `crop` says); min as crop but never beyond the original's size; fill as clip, padded to the
// box with `bg`; fillmax as max, padded to the box.
import {
  badParameter,
  MAX_OUTPUT_SIDE,
  type CropAnchor,
  type ImageParams,
  type Rect,
} from './imageParams.ts'

export type Size = {width: number; height: number}

export type ImagePlan = {
  rect?: Rect
  /** The size the image (or its `rect`) is scaled to; not its aspect ratio for `fit=scale`. */
  scale: Size
  /** What is cut from the scaled image: a region, or the busiest one of that size (libvips' entropy). */
  cut?: (Size & {left: number; top: number}) | (Size & {entropy: true})
  /** The padded canvas, the scaled image in its centre. */
  canvas?: Size
}

type Box = {width?: number; height?: number}

/** The plan for an image of `source` size (as displayed, EXIF orientation applied). */
export function planImage(source: Size, params: ImageParams): ImagePlan {
  const rect = params.rect && clampRect(params.rect, source)
  const region = rect ?? source
  const box = {
    ...(params.width ? {width: Math.round(params.width * params.dpr)} : {}),
    ...(params.height ? {height: Math.round(params.height * params.dpr)} : {}),
  }
  const plan = fitInto(region, box, params)
  const out = outputSize(plan)
  // max-w and max-h, and the lake's bound on any variant, shrink the whole result and keep its shape.
  const shrink = Math.min(
    1,
    Math.min(params.maxWidth ?? Infinity, MAX_OUTPUT_SIDE) / out.width,
    Math.min(params.maxHeight ?? Infinity, MAX_OUTPUT_SIDE) / out.height,
  )
  const planned =
    shrink < 1
      ? fitInto(
          region,
          {width: atLeastOne(out.width * shrink), height: atLeastOne(out.height * shrink)},
          params,
        )
      : plan
  return rect ? {rect, ...planned} : planned
}

export const outputSize = (plan: ImagePlan): Size => plan.canvas ?? plan.cut ?? plan.scale

function fitInto(region: Size, box: Box, {fit, crop}: ImageParams): ImagePlan {
  const {width, height} = box
  const noEnlargement = fit === 'max' || fit === 'min' || fit === 'fillmax'
  if (width === undefined || height === undefined) {
    const factor =
      width !== undefined ? width / region.width : height !== undefined ? height / region.height : 1
    return {scale: scaled(region, noEnlargement ? Math.min(factor, 1) : factor)}
  }
  const inside = Math.min(width / region.width, height / region.height)
  switch (fit) {
    case 'clip':
      return {scale: scaled(region, inside)}
    case 'max':
      return {scale: scaled(region, Math.min(inside, 1))}
    case 'scale':
      return {scale: {width, height}}
    case 'fill':
      return {scale: scaled(region, inside), canvas: {width, height}}
    case 'fillmax':
      return {scale: scaled(region, Math.min(inside, 1)), canvas: {width, height}}
    case 'crop':
      return cover(region, {width, height}, crop)
    case 'min': {
      const within = Math.min(1, region.width / width, region.height / height)
      return cover(
        region,
        {width: atLeastOne(width * within), height: atLeastOne(height * within)},
        crop,
      )
    }
  }
}

function cover(region: Size, target: Size, anchor: CropAnchor): ImagePlan {
  const factor = Math.max(target.width / region.width, target.height / region.height)
  const scale = {
    width: Math.max(target.width, Math.round(region.width * factor)),
    height: Math.max(target.height, Math.round(region.height * factor)),
  }
  if (anchor.kind === 'entropy') return {scale, cut: {...target, entropy: true}}
  const spareX = scale.width - target.width
  const spareY = scale.height - target.height
  const [left, top] =
    anchor.kind === 'focalpoint'
      ? [
          clamp(Math.round(anchor.x * scale.width - target.width / 2), 0, spareX),
          clamp(Math.round(anchor.y * scale.height - target.height / 2), 0, spareY),
        ]
      : [
          {left: 0, center: Math.round(spareX / 2), right: spareX}[anchor.x],
          {top: 0, center: Math.round(spareY / 2), bottom: spareY}[anchor.y],
        ]
  return {scale, cut: {...target, left, top}}
}

/** A `rect` reaching past the image is cut to it, as the CDN does; one wholly outside it is refused. */
function clampRect(rect: Rect, source: Size): Rect {
  if (rect.left >= source.width || rect.top >= source.height)
    throw badParameter(`Parameter "rect" lies outside the image (${source.width}x${source.height})`)
  return {
    left: rect.left,
    top: rect.top,
    width: Math.min(rect.width, source.width - rect.left),
    height: Math.min(rect.height, source.height - rect.top),
  }
}

const scaled = (size: Size, factor: number): Size => ({
  width: atLeastOne(size.width * factor),
  height: atLeastOne(size.height * factor),
})

const atLeastOne = (value: number) => Math.max(1, Math.round(value))
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
