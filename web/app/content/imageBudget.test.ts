import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {photo, quadrants, transparentPng} from '@quantedge/content-lake/testing/testImages'
import {fitToBudget} from './imageBudget.server.ts'

const poster = async (image: Buffer) =>
  sharp(image).resize(640, 360, {fit: 'cover'}).png().toBuffer()

describe('fitToBudget', () => {
  it('fits a detailed photo at its full size into the budget, at the highest quality that fits', async () => {
    const fitted = await fitToBudget(await poster(await photo(1600, 1200)), 4_500)
    expect(fitted?.bytes.length).toBeLessThanOrEqual(4_500)
    expect(await sharp(fitted?.bytes).metadata()).toMatchObject({
      format: 'heif',
      compression: 'av1',
      width: 640,
      height: 360,
    })
    const better = await sharp(await poster(await photo(1600, 1200)))
      .avif({quality: (fitted?.quality ?? 0) + 1, effort: 2})
      .toBuffer()
    expect(better.length).toBeGreaterThan(4_500)
  })

  it('keeps a simple image at the highest quality it allows, well under the budget', async () => {
    const fitted = await fitToBudget(await quadrants(640, 360), 4_500)
    expect(fitted?.quality).toBe(50)
    expect(fitted?.bytes.length).toBeLessThan(4_500)
  })

  it('gives nothing when not even the lowest quality fits', async () => {
    expect(await fitToBudget(await poster(await photo(1600, 1200)), 500)).toBeUndefined()
  })

  it('keeps a transparent poster transparent', async () => {
    const fitted = await fitToBudget(await transparentPng(640, 360), 4_500)
    expect(await sharp(fitted?.bytes).metadata()).toMatchObject({hasAlpha: true, width: 640})
    const {data} = await sharp(fitted?.bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({resolveWithObject: true})
    expect(data[(10 * 640 + 600) * 4 + 3]).toBe(0)
    expect(data[(10 * 640 + 40) * 4 + 3]).toBe(255)
  })
})
