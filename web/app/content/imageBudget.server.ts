// An image encoded to fit a byte budget at its full size: the highest AVIF quality whose bytes fit, found by
// bisection (an encoder's size grows with its quality). AVIF because at a few kilobytes it keeps a photo's shapes
// where WebP and JPEG break into blocks: a detailed 640x360 photo is about 4.5 kB as AVIF at quality 10, and 12 kB
// as WebP at the same quality. Colour at half resolution (4:2:0, as JPEG and video keep a photo's colour): a tenth
// fewer bytes at the same quality, nothing an eye sees in a preview.
import sharp from 'sharp'

export type FittedImage = {bytes: Buffer; quality: number; type: 'image/avif'}

/** Above this the inline image is no longer a preview: the responsive image replaces it anyway. */
const MAX_QUALITY = 50

/** `image` as an AVIF of the same size in at most `budget` bytes; undefined when not even quality 1 fits. */
export async function fitToBudget(
  image: Uint8Array,
  budget: number,
): Promise<FittedImage | undefined> {
  // Decoded once for every quality tried; an alpha channel is kept (AVIF has one, and a poster may be a PNG).
  const decoded = await sharp(image).raw().toBuffer({resolveWithObject: true})
  const encode = (quality: number) =>
    sharp(decoded.data, {raw: decoded.info})
      .avif({quality, effort: 2, chromaSubsampling: '4:2:0'})
      .toBuffer()
  let best: FittedImage | undefined
  let low = 1
  let high = MAX_QUALITY
  while (low <= high) {
    const quality = Math.floor((low + high) / 2)
    const bytes = await encode(quality)
    if (bytes.length <= budget) {
      best = {bytes, quality, type: 'image/avif'}
      low = quality + 1
    } else high = quality - 1
  }
  return best
}
