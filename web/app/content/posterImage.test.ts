import sharp from 'sharp'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {photo} from '@quantedge/content-lake/testing/testImages'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {firstPosterImage, INLINE_POSTER_BYTES, posterImage} from './posterImage.server.ts'

const ASSET_ID = 'image-2d1c7f3a9b8e4d5c6a7b8c9d0e1f2a3b4c5d6e7f-4000x3000-jpg'
const uploaded = {
  url: null,
  caption: 'A demo',
  posterUrl: null,
  poster: {
    crop: {_type: 'sanity.imageCrop' as const, top: 0, bottom: 0, left: 0.25, right: 0},
    hotspot: {_type: 'sanity.imageHotspot' as const, x: 0.9, y: 0.5, width: 0.1, height: 0.1},
    asset: {
      _id: ASSET_ID,
      url: 'http://127.0.0.1:4444/images/embedded/production/2d1c7f3a9b8e4d5c6a7b8c9d0e1f2a3b4c5d6e7f-4000x3000.jpg',
      lqip: 'data:image/jpeg;base64,AAAA',
      background: '#336699',
    },
  },
}

describe('posterImage', () => {
  it('builds Sanity image URLs on the asset’s own address, cut to 16:9 around the crop and hotspot', async () => {
    const poster = await posterImage(uploaded, {first: true})
    const src = new URL(poster?.src ?? '')
    expect(src.origin + src.pathname).toBe(
      'http://127.0.0.1:4444/images/embedded/production/2d1c7f3a9b8e4d5c6a7b8c9d0e1f2a3b4c5d6e7f-4000x3000.jpg',
    )
    expect(Object.fromEntries(src.searchParams)).toEqual({
      // The crop leaves x 1000–4000; 16:9 of its 3000 px height is 5333 wide, so the full crop width is kept,
      // 1688 px high, centred on the hotspot's y.
      rect: '1000,656,3000,1688',
      w: '640',
      h: '360',
      fit: 'crop',
      auto: 'format',
    })
    expect(poster?.srcSet?.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '640w',
      '960w',
      '1280w',
    ])
    expect(poster?.sizes).toContain('100vw')
    expect(poster?.placeholder).toEqual({
      background: '#336699',
      lqip: 'data:image/jpeg;base64,AAAA',
    })
  })

  it('keeps the blur for the first poster only; the others show their colour', async () => {
    expect((await posterImage(uploaded, {first: false}))?.placeholder).toEqual({
      background: '#336699',
      lqip: null,
    })
  })

  it('uses a poster URL as it is, and gives nothing without a poster', async () => {
    const byUrl = {...uploaded, poster: null, posterUrl: 'https://example.com/poster.webp'}
    expect(await posterImage(byUrl, {first: false})).toEqual({
      src: 'https://example.com/poster.webp',
    })
    expect(await firstPosterImage(byUrl)).toEqual({src: 'https://example.com/poster.webp'})
    expect(await posterImage({...byUrl, posterUrl: null}, {first: true})).toBeNull()
  })

  it('gives the first poster its srcset and blur when the image host does not answer for inlining', async () => {
    // Port 1 on loopback refuses the connection: the build falls back to the responsive image, it does not fail.
    const unreachable = {
      ...uploaded,
      poster: {
        ...uploaded.poster,
        asset: {...uploaded.poster.asset, url: uploaded.poster.asset.url.replace(':4444', ':1')},
      },
    }
    const poster = await firstPosterImage(unreachable)
    expect(poster?.src).toMatch(/^http:\/\/127\.0\.0\.1:1\/images\//)
    expect(poster?.srcSet).toContain('1280w')
    expect(poster?.placeholder?.lqip).toBe('data:image/jpeg;base64,AAAA')
  })

  describe('the first poster from a real image host', () => {
    let lake: TestLake
    beforeAll(async () => {
      lake = await startTestLake()
    })
    afterAll(() => lake.close())

    it('is inlined as an AVIF of the whole box within the budget, and names its responsive image for later', async () => {
      const asset = await testLakeClient(lake.url).assets.upload('image', await photo(2000, 1500))
      const video = {
        ...uploaded,
        poster: {
          asset: {
            _id: asset._id,
            url: asset.url,
            lqip: 'data:image/jpeg;base64,AAAA',
            background: '#336699',
          },
          crop: null,
          hotspot: null,
        },
      }
      const poster = await firstPosterImage(video)
      const [, type, data] = /^data:([^;]+);base64,(.+)$/.exec(poster?.src ?? '') ?? []
      expect(type).toBe('image/avif')
      const bytes = Buffer.from(data ?? '', 'base64')
      expect(bytes.length).toBeLessThanOrEqual(INLINE_POSTER_BYTES)
      expect(await sharp(bytes).metadata()).toMatchObject({width: 640, height: 360})
      expect(poster?.srcSet).toBeUndefined()
      const responsive = await posterImage(video, {first: true})
      expect(poster?.later).toEqual({
        src: responsive?.src,
        srcSet: responsive?.srcSet,
        sizes: responsive?.sizes,
      })
      expect(poster?.placeholder).toEqual({background: '#336699', lqip: null})
    })
  })

  describe('a poster the site serves (web/public)', () => {
    const byFile = {...uploaded, poster: null, posterUrl: '/demos/straddle.webp'}
    // Builds render in web/, where the site's files are public/; a test may run from the repository's root.
    beforeAll(() => {
      vi.spyOn(process, 'cwd').mockReturnValue(join(import.meta.dirname, '..', '..'))
    })
    afterAll(() => vi.restoreAllMocks())

    it('offers its build variants, AVIF before WebP, never wider than the file, with its colour', async () => {
      const poster = await posterImage(byFile, {first: false})
      expect(poster?.src).toMatch(/^\/assets\/images\/demos\/straddle-[0-9a-f]{10}-640\.webp$/)
      expect(poster?.srcSet).toBe(`${poster?.src} 640w`)
      expect(poster?.sources).toEqual([
        {type: 'image/avif', srcSet: `${poster?.src.replace(/\.webp$/, '.avif')} 640w`},
      ])
      expect(poster?.sizes).toContain('100vw')
      expect(poster?.placeholder?.background).toMatch(/^#[0-9a-f]{6}$/)
      expect(poster?.placeholder?.lqip).toBeNull()
    })

    it('is inlined within the budget when first, with the variants for later', async () => {
      const poster = await firstPosterImage(byFile)
      const bytes = Buffer.from(poster?.src.split(',')[1] ?? '', 'base64')
      expect(poster?.src).toMatch(/^data:image\/avif;base64,/)
      expect(bytes.length).toBeLessThanOrEqual(INLINE_POSTER_BYTES)
      expect(await sharp(bytes).metadata()).toMatchObject({width: 640, height: 360})
      const {placeholder, ...responsive} = (await posterImage(byFile, {first: true})) ?? {src: ''}
      expect(poster?.later).toEqual(responsive)
      expect(placeholder?.lqip).toMatch(/^data:image\/jpeg;base64,/)
    })
  })
})
