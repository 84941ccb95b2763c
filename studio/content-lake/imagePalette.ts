// The palette Sanity stores in an image's metadata (https://www.sanity.io/docs/image-metadata#palette): the
// dominant colour and the six swatches of the Vibrant algorithm (vibrant, muted, each also dark and light), each
// with a readable foreground. Colours are counted in 4-bit-per-channel bins of a small copy of the image; a swatch
// no bin qualifies for is left out, as Sanity leaves it out.
type Swatch = {
  _type: 'sanity.imagePaletteSwatch'
  background: string
  foreground: string
  title: string
  population: number
}
type Target = {luma: [number, number, number]; saturation: [number, number, number]}

// Vibrant's targets: [min, target, max] of lightness and saturation.
const TARGETS: Record<string, Target> = {
  darkVibrant: {luma: [0, 0.26, 0.45], saturation: [0.35, 1, 1]},
  vibrant: {luma: [0.3, 0.5, 0.7], saturation: [0.35, 1, 1]},
  lightVibrant: {luma: [0.55, 0.74, 1], saturation: [0.35, 1, 1]},
  darkMuted: {luma: [0, 0.26, 0.45], saturation: [0, 0.3, 0.4]},
  muted: {luma: [0.3, 0.5, 0.7], saturation: [0, 0.3, 0.4]},
  lightMuted: {luma: [0.55, 0.74, 1], saturation: [0, 0.3, 0.4]},
}

type Bin = {r: number; g: number; b: number; count: number; lightness: number; saturation: number}

/** `pixels`: RGBA, 4 bytes a pixel; fully transparent pixels are not counted. */
export function paletteOf(pixels: Uint8Array) {
  const bins = binColours(pixels)
  if (bins.length === 0) return {_type: 'sanity.imagePalette'}
  const most = Math.max(...bins.map((bin) => bin.count))
  const dominant = bins.find((bin) => bin.count === most)
  const swatches = Object.entries(TARGETS).flatMap(([name, target]) => {
    const best = bestFor(bins, target, most)
    return best ? [[name, swatch(best)] as const] : []
  })
  return {
    _type: 'sanity.imagePalette',
    ...(dominant ? {dominant: swatch(dominant)} : {}),
    ...Object.fromEntries(swatches),
  }
}

function binColours(pixels: Uint8Array): Bin[] {
  const sums = new Map<number, {r: number; g: number; b: number; count: number}>()
  for (let index = 0; index + 3 < pixels.length; index += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(index, index + 4)
    if (a === 0) continue
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)
    const sum = sums.get(key) ?? {r: 0, g: 0, b: 0, count: 0}
    sum.r += r
    sum.g += g
    sum.b += b
    sum.count += 1
    sums.set(key, sum)
  }
  return [...sums.values()].map(({r, g, b, count}) => {
    const colour = {r: r / count, g: g / count, b: b / count}
    return {...colour, count, ...hsl(colour)}
  })
}

function bestFor(bins: Bin[], {luma, saturation}: Target, most: number) {
  let best: Bin | undefined
  let bestScore = -Infinity
  for (const bin of bins) {
    if (bin.lightness < luma[0] || bin.lightness > luma[2]) continue
    if (bin.saturation < saturation[0] || bin.saturation > saturation[2]) continue
    const score =
      (1 - Math.abs(bin.saturation - saturation[1])) * 3 +
      (1 - Math.abs(bin.lightness - luma[1])) * 6 +
      bin.count / most
    if (score > bestScore) [best, bestScore] = [bin, score]
  }
  return best
}

function swatch({r, g, b, count}: Bin): Swatch {
  // The foreground that contrasts more with the background, by relative luminance.
  const foreground = luminance(r, g, b) > 0.179 ? '#000' : '#fff'
  return {
    _type: 'sanity.imagePaletteSwatch',
    background: `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`,
    foreground,
    title: foreground,
    population: count,
  }
}

function hsl({r, g, b}: {r: number; g: number; b: number}) {
  const [red, green, blue] = [r / 255, g / 255, b / 255]
  const max = Math.max(red, green, blue)
  const min = Math.min(red, green, blue)
  const lightness = (max + min) / 2
  const chroma = max - min
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1))
  return {lightness, saturation}
}

function luminance(r: number, g: number, b: number) {
  const linear = (channel: number) => {
    const value = channel / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}
