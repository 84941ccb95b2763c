import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {photo} from './testImages.ts'

describe('the test photo', () => {
  it("is as large as a phone's photo and shrinks to a poster as large as a detailed photo's", async () => {
    const original = await photo(4000, 3000)
    expect(original.length).toBeGreaterThan(4_000_000)
    expect(original.length).toBeLessThan(5_000_000)
    expect(await sharp(original).metadata()).toMatchObject({
      format: 'jpeg',
      width: 4000,
      height: 3000,
    })
    const poster = await sharp(original)
      .resize({width: 640, height: 360, fit: 'cover'})
      .webp({quality: 60})
      .toBuffer()
    expect(poster.length).toBeGreaterThan(30_000)
    expect(poster.length).toBeLessThan(45_000)
  })

  it('is the same bytes every time', async () => {
    expect((await photo(400, 300)).equals(await photo(400, 300))).toBe(true)
  })
})
