import {describe, expect, it} from 'vitest'
import {paletteOf} from './imagePalette.ts'

/** RGBA pixels: `count` of each colour. */
const pixels = (...colours: [[number, number, number], number][]) =>
  Uint8Array.from(
    colours.flatMap(([rgb, count]) => Array.from({length: count}, () => [...rgb, 255]).flat()),
  )

describe('paletteOf', () => {
  it('gives a swatch node-vibrant’s body and title text colours, as Sanity’s own example shows them', () => {
    // Sanity's example: lightMuted #94b7a8 has foreground #000 and title #fff; darkMuted #294a41 white on both.
    const palette = paletteOf(pixels([[0x94, 0xb7, 0xa8], 60], [[0x29, 0x4a, 0x41], 40]))
    expect(palette.lightMuted).toMatchObject({
      background: '#94b7a8',
      foreground: '#000',
      title: '#fff',
    })
    expect(palette.darkMuted).toMatchObject({
      background: '#294a41',
      foreground: '#fff',
      title: '#fff',
    })
    expect(paletteOf(pixels([[255, 255, 255], 10]))).toMatchObject({
      lightMuted: {foreground: '#000', title: '#000'},
    })
  })

  it('takes as dominant the swatch with the most pixels, not a colour no swatch chose', () => {
    // White has the most pixels, but light grey is the better light muted swatch, so white is in no swatch.
    const palette = paletteOf(
      pixels([[255, 255, 255], 60], [[189, 189, 189], 40], [[40, 90, 200], 10]),
    )
    const named = [
      palette.darkVibrant,
      palette.vibrant,
      palette.lightVibrant,
      palette.darkMuted,
      palette.muted,
      palette.lightMuted,
    ]
    expect(named.map((swatch) => swatch?.background)).not.toContain('#ffffff')
    expect(palette.dominant).toEqual(palette.lightMuted)
    expect(palette.dominant?.background).toBe('#bdbdbd')
  })
})
