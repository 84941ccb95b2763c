// The palette Sanity stores in an image's metadata (https://www.sanity.io/docs/image-metadata#palette): the
// six swatches of the Vibrant algorithm (vibrant, muted, each also dark and light) and the dominant one, each with
// a readable foreground and title colour. Sanity's own example (https://www.sanity.io/recipes/groq-query-to-for-
// image-palette-information-357a5bce) shows the dominant swatch as the swatch with the most pixels (there the same
// colour and population as darkMuted), and a light swatch (#94b7a8) with foreground #000 but title #fff: the body
// and title text colours of node-vibrant's Swatch (Vibrant-Colors/node-vibrant, packages/vibrant-color: YIQ below
// 150 and below 200 take white). Colours are counted in 4-bit-per-channel bins of a small copy of the image; a
// swatch no bin qualifies for is left out, as Sanity leaves it out.
export type Swatch = {
  _type: 'sanity.imagePaletteSwatch'
  background: string
  foreground: string
  title: string
  population: number
}
type Target = {luma: [number, number, number]; saturation: [number, number, number]}

// Vibrant's targets: [min, target, max] of lightness and saturation.
type SwatchName = 'darkVibrant' | 'vibrant' | 'lightVibrant' | 'darkMuted' | 'muted' | 'lightMuted'
export type ImagePalette = {_type: 'sanity.imagePalette'} & {
  [name in SwatchName | 'dominant']?: Swatch
}

const TARGETS: Record<SwatchName, Target> = {
  darkVibrant: {luma: [0, 0.26, 0.45], saturation: [0.35, 1, 1]},
  vibrant: {luma: [0.3, 0.5, 0.7], saturation: [0.35, 1, 1]},
  lightVibrant: {luma: [0.55, 0.74, 1], saturation: [0.35, 1, 1]},
  darkMuted: {luma: [0, 0.26, 0.45], saturation: [0, 0.3, 0.4]},
  muted: {luma: [0.3, 0.5, 0.7], saturation: [0, 0.3, 0.4]},
  lightMuted: {luma: [0.55, 0.74, 1], saturation: [0, 0.3, 0.4]},
}

type Bin = {r: number; g: number; b: number; count: number; lightness: number; saturation: number}

/** `pixels`: RGBA, 4 bytes a pixel; fully transparent pixels are not counted. */
export function paletteOf(pixels: Uint8Array): ImagePalette {
  const bins = binColours(pixels)
  if (bins.length === 0) return {_type: 'sanity.imagePalette'}
  const most = Math.max(...bins.map((bin) => bin.count))
  const chosen = (Object.entries(TARGETS) as [SwatchName, Target][]).flatMap(([name, target]) => {
    const best = bestFor(bins, target, most)
    return best ? [[name, best] as const] : []
  })
  const candidates = chosen.length > 0 ? chosen.map(([, bin]) => bin) : bins
  const dominant = candidates.reduce((largest, bin) => (bin.count > largest.count ? bin : largest))
  return {
    _type: 'sanity.imagePalette',
    dominant: swatch(dominant),
    ...Object.fromEntries(chosen.map(([name, bin]) => [name, swatch(bin)])),
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
  const [red, green, blue] = [r, g, b].map(Math.round) as [number, number, number]
  const yiq = (red * 299 + green * 587 + blue * 114) / 1000
  return {
    _type: 'sanity.imagePaletteSwatch',
    background: `#${[red, green, blue].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`,
    foreground: yiq < 150 ? '#fff' : '#000',
    title: yiq < 200 ? '#fff' : '#000',
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
