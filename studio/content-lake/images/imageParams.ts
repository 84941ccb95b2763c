// The query of an image URL, read as Sanity's image pipeline reads it: the parameters of its image transformation
// reference (https://www.sanity.io/docs/image-urls), with the names, values and ranges it gives (`blur` 1-2000,
// `sharp` 0-100, `q` 0-100, `dpr` 1 to 3, `frame` only 1) and those `@sanity/image-url` writes. A value out of its
// range is the CDN's 400 (imageErrors.ts), in the words cdn.sanity.io uses for `w`. Parameters the lake does not
// know are ignored, as the CDN ignores them.
import {cdnError} from './imageErrors.ts'

export type FitMode = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min'
export type OutputFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif'
/** Where a `fit=crop` takes its part of the image: an edge or a corner, the centre, a focal point, the busiest part. */
export type CropAnchor =
  | {kind: 'edges'; x: 'left' | 'center' | 'right'; y: 'top' | 'center' | 'bottom'}
  | {kind: 'focalpoint'; x: number; y: number}
  | {kind: 'entropy'}
export type Rect = {left: number; top: number; width: number; height: number}
export type Rgba = {r: number; g: number; b: number; alpha: number}

export type ImageParams = {
  width?: number
  height?: number
  maxWidth?: number
  maxHeight?: number
  fit: FitMode
  crop: CropAnchor
  rect?: Rect
  quality: number
  format?: OutputFormat
  /** `auto=format`: the best format the request's `Accept` names (AVIF, then WebP), else `format` or the original's. */
  autoFormat: boolean
  dpr: number
  flip: {horizontal: boolean; vertical: boolean}
  background?: Rgba
  /** `blur`, 1 to 2000. */
  blur?: number
  /** `sharp`, 0 to 100. */
  sharpen?: number
}

/**
 * The largest side of a variant the lake makes, for each side of the output after `dpr`: 8192 px. Sanity's
 * reference names no number; its CDN was seen shrinking a 13560x438 PNG to 8192x265
 * (https://github.com/sanity-io/sanity-plugin-media/issues/63), so an output past it is shrunk to fit (as
 * imageGeometry.ts does) rather than refused.
 */
export const MAX_OUTPUT_SIDE = 8192
/** `dpr` is 1 to 3 in Sanity's reference. */
const MAX_DPR = 3
/** `q` defaults to 75 in Sanity's reference. */
const DEFAULT_QUALITY = 75
/** `blur` is 1-2000 and `sharp` 0-100 in Sanity's reference. */
const MAX_BLUR = 2000
const MAX_SHARPEN = 100

const FITS: readonly FitMode[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min']
const FORMATS: readonly OutputFormat[] = ['jpg', 'pjpg', 'png', 'webp', 'avif']
const CROPS = ['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy'] as const
type CropWord = (typeof CROPS)[number]

/** The parameters that change a variant's bytes; a URL with none of them is the original file. */
const TRANSFORMING = [
  'w',
  'h',
  'max-w',
  'max-h',
  'fit',
  'crop',
  'fp-x',
  'fp-y',
  'rect',
  'q',
  'fm',
  'auto',
  'dpr',
  'flip',
  'bg',
  'blur',
  'sharp',
  'frame',
]

export const asksForTransform = (search: URLSearchParams) =>
  TRANSFORMING.some((name) => search.has(name))

/** The CDN's refusal of a parameter: 400 `{statusCode, error, message}`. */
export const badParameter = (message: string) => cdnError(400, message)

export function readImageParams(search: URLSearchParams): ImageParams {
  const format = oneOf(search, 'fm', FORMATS)
  const auto = search.get('auto')
  if (auto !== null && auto.split(',').some((mode) => mode !== 'format'))
    throw badParameter('Parameter "auto" must be one of [format]')
  const dpr = number(search, 'dpr', 1, MAX_DPR) ?? 1
  const flip = search.get('flip')
  if (flip !== null && !['h', 'v', 'hv'].includes(flip))
    throw badParameter('Parameter "flip" must be one of [h, v, hv]')
  // The first frame of an animated image is the only one the reference names, and the one sharp reads.
  integer(search, 'frame', 1, 1)
  return {
    ...optional('width', integer(search, 'w', 1, MAX_OUTPUT_SIDE)),
    ...optional('height', integer(search, 'h', 1, MAX_OUTPUT_SIDE)),
    ...optional('maxWidth', integer(search, 'max-w', 1, MAX_OUTPUT_SIDE)),
    ...optional('maxHeight', integer(search, 'max-h', 1, MAX_OUTPUT_SIDE)),
    fit: oneOf(search, 'fit', FITS) ?? 'clip',
    crop: cropAnchor(search),
    ...optional('rect', rect(search)),
    quality: integer(search, 'q', 0, 100) ?? DEFAULT_QUALITY,
    ...optional('format', format),
    autoFormat: auto !== null,
    dpr,
    flip: {horizontal: flip?.includes('h') ?? false, vertical: flip?.includes('v') ?? false},
    ...optional('background', background(search)),
    ...optional('blur', integer(search, 'blur', 1, MAX_BLUR)),
    ...optional('sharpen', integer(search, 'sharp', 0, MAX_SHARPEN)),
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : {[key]: value}) as {[P in K]?: V}

function integer(search: URLSearchParams, name: string, min: number, max: number) {
  const text = search.get(name)
  if (text === null) return undefined
  if (!/^\d+$/.test(text)) throw badParameter(`Parameter "${name}" must be a valid integer`)
  return inRange(name, Number(text), min, max)
}

function number(search: URLSearchParams, name: string, min: number, max: number) {
  const text = search.get(name)
  if (text === null) return undefined
  if (!/^\d+(?:\.\d+)?$|^\.\d+$/.test(text))
    throw badParameter(`Parameter "${name}" must be a valid number`)
  return inRange(name, Number(text), min, max)
}

function inRange(name: string, value: number, min: number, max: number) {
  if (value < min) throw badParameter(`Parameter "${name}" must be larger than or equal to ${min}`)
  if (value > max) throw badParameter(`Parameter "${name}" must be less than or equal to ${max}`)
  return value
}

function oneOf<T extends string>(search: URLSearchParams, name: string, values: readonly T[]) {
  const text = search.get(name)
  if (text === null) return undefined
  const value = values.find((candidate) => candidate === text)
  if (!value) throw badParameter(`Parameter "${name}" must be one of [${values.join(', ')}]`)
  return value
}

/** `crop=top,left`, `crop=focalpoint` with `fp-x`/`fp-y` (0 to 1, the centre when left out), `crop=entropy`. */
function cropAnchor(search: URLSearchParams): CropAnchor {
  const text = search.get('crop')
  const words = text === null ? [] : text.split(',')
  const known = (word: string): word is CropWord => CROPS.some((crop) => crop === word)
  if (words.some((word) => !known(word)))
    throw badParameter(`Parameter "crop" must be one of [${CROPS.join(', ')}]`)
  const x = number(search, 'fp-x', 0, 1)
  const y = number(search, 'fp-y', 0, 1)
  if (words.includes('focalpoint')) return {kind: 'focalpoint', x: x ?? 0.5, y: y ?? 0.5}
  if (words.includes('entropy')) return {kind: 'entropy'}
  return {
    kind: 'edges',
    x: words.includes('left') ? 'left' : words.includes('right') ? 'right' : 'center',
    y: words.includes('top') ? 'top' : words.includes('bottom') ? 'bottom' : 'center',
  }
}

/** `rect=left,top,width,height` in the original's pixels. */
function rect(search: URLSearchParams): Rect | undefined {
  const text = search.get('rect')
  if (text === null) return undefined
  const parts = text.split(',')
  if (parts.length !== 4 || parts.some((part) => !/^\d+$/.test(part)))
    throw badParameter('Parameter "rect" must be four integers: left,top,width,height')
  const [left = 0, top = 0, width = 0, height = 0] = parts.map(Number)
  if (width === 0 || height === 0)
    throw badParameter('Parameter "rect" must have a width and height larger than 0')
  return {left, top, width, height}
}

/** `bg` as hex RGB, ARGB, RRGGBB or AARRGGBB: alpha comes first, as in Sanity's reference. */
function background(search: URLSearchParams): Rgba | undefined {
  const text = search.get('bg')
  if (text === null) return undefined
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text))
    throw badParameter('Parameter "bg" must be a hex color: RGB, ARGB, RRGGBB or AARRGGBB')
  const full = text.length <= 4 ? [...text].map((digit) => digit + digit).join('') : text
  const argb = full.length === 6 ? `ff${full}` : full
  const byte = (index: number) => parseInt(argb.slice(index * 2, index * 2 + 2), 16)
  return {r: byte(1), g: byte(2), b: byte(3), alpha: byte(0) / 255}
}
