// How large an image the lake reads: 256 megapixels, the bound Sanity's asset pipeline sets on what it transforms
// (https://www.sanity.io/docs/changelog/98358e5d-40d0-4b5f-bb39-0e275ac6d238). A file declaring more, however
// small (a decompression bomb), is refused at upload before its pixels are decoded.
export const MAX_INPUT_PIXELS = 256_000_000
