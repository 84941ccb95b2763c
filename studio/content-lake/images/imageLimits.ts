// How much one image may cost the lake. Pixels: an image is read only up to 256 megapixels, the bound Sanity's
// asset pipeline sets on what it transforms (https://www.sanity.io/docs/changelog/98358e5d-40d0-4b5f-bb39-0e275ac6d238),
// and a variant is at most 8192 px a side (imageParams.ts). Time and memory: every transform and every upload's
// analysis runs in a process of its own (imageWorkers.ts), a few at once, each stopped when it runs past its
// budget or its memory, so no file or URL can keep the lake working for minutes or take its memory.
import type {SharpOptions} from 'sharp'

export const MAX_INPUT_PIXELS = 256_000_000

/**
 * How sharp reads every image, as its constructor's options describe (https://sharp.pixelplumbing.com/api-constructor):
 * `limitInputPixels` refuses a file declaring more pixels before any is decoded (a decompression bomb);
 * `sequentialRead` streams pixels top to bottom rather than holding the whole image; `unlimited: false` keeps
 * libvips' guards against memory exhaustion (librsvg's on an SVG's size and nesting, libpng's, libheif's);
 * `failOn: 'warning'`, "the default 'warning' level with untrusted input", refuses a PNG whose checksum is wrong
 * or a file cut short rather than reading past the damage.
 */
export const READ_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  sequentialRead: true,
  unlimited: false,
  failOn: 'warning',
} as const satisfies SharpOptions

/** What the image processes may take: how many run at once, for how long, and how large each may grow. */
export type ImageLimits = {
  /** Processes making variants at once; more requests wait for one (2: this project's machines have two cores). */
  transformSlots: number
  /** Processes analysing uploads at once, apart from the transforms so a visitor's images never delay an editor's. */
  analysisSlots: number
  /** How long one transform may run before its process is stopped. */
  transformMs: number
  /** How long one upload's analysis may run before its process is stopped. */
  analysisMs: number
  /** How long a request may wait for a free process before it is told the lake is busy. */
  waitMs: number
  /** How many requests may wait at once; more are told the lake is busy straight away. */
  queued: number
  /** The resident memory one process may reach before it is stopped. */
  processBytes: number
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  transformSlots: 2,
  analysisSlots: 1,
  // An 8192x8192 WebP, the slowest variant the URL API allows, takes about 20 s alone on one core here.
  transformMs: 30_000,
  // A 256-megapixel PNG is read once in about 5 s.
  analysisMs: 30_000,
  waitMs: 20_000,
  queued: 64,
  // The largest variant the URL API allows, an 8192x8192 AVIF, peaks at 1.5 GB; an upload with alpha is held
  // decoded once, up to 256 megapixels (1 GB).
  processBytes: 2 * 1024 ** 3,
}
