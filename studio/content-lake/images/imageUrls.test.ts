// The image URL API of the embedded lake against Sanity's image transformation reference
// (https://www.sanity.io/docs/image-urls): each parameter on an uploaded image, the CDN's 400 for a bad one or one
// out of the reference's range (`blur` 1-2000, `sharp` 0-100, `q` 0-100, `dpr` 1-3, `frame` 1), the bound on a
// variant's size, `auto=format` by `Accept`, and variants kept on disk (a second request reads them).
import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'
import {
  BLUE,
  GREEN,
  near,
  pixelAt,
  quadrants,
  RED,
  YELLOW,
  type Rgb,
} from '../testing/testImages.ts'

let lake: TestLake
/** A 400x300 PNG in four quadrants (red, green / blue, yellow) and a 400x100 one, red left and green right. */
let quadrantsUrl: string
let halvesUrl: string

beforeAll(async () => {
  lake = await startTestLake()
  const client = testLakeClient(lake.url)
  quadrantsUrl = (await client.assets.upload('image', await quadrants(400, 300))).url
  const halves = await sharp({create: {width: 400, height: 100, channels: 3, background: RED}})
    .composite([
      {
        input: {create: {width: 200, height: 100, channels: 3, background: GREEN}},
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer()
  halvesUrl = (await client.assets.upload('image', halves)).url
})
afterAll(() => lake.close())

async function get(url: string, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}?${query}`, {headers})
  const bytes = Buffer.from(await response.arrayBuffer())
  return {response, bytes}
}

async function variant(url: string, query: string, headers: Record<string, string> = {}) {
  const {response, bytes} = await get(url, query, headers)
  expect(response.status, query).toBe(200)
  const {width, height, format, isProgressive} = await sharp(bytes).metadata()
  return {response, bytes, width, height, format, isProgressive}
}

const size = async (url: string, query: string) => {
  const {width, height} = await variant(url, query)
  return `${width}x${height}`
}

const colourAt = async (url: string, query: string, x: number, y: number) =>
  pixelAt((await variant(url, query)).bytes, x, y)

function expectColour(actual: Rgb, expected: Rgb) {
  expect(
    near(actual, expected),
    `${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`,
  ).toBe(true)
}

describe('sizes', () => {
  it('w and h scale keeping the aspect ratio, and dpr multiplies them', async () => {
    expect(await size(quadrantsUrl, 'w=100')).toBe('100x75')
    expect(await size(quadrantsUrl, 'h=150')).toBe('200x150')
    expect(await size(quadrantsUrl, 'w=100&dpr=2')).toBe('200x150')
    expect(await size(quadrantsUrl, 'w=100&dpr=1.5')).toBe('150x113')
  })

  it('max-w and max-h bound the result, with or without w and h', async () => {
    expect(await size(quadrantsUrl, 'max-w=100')).toBe('100x75')
    expect(await size(quadrantsUrl, 'w=300&max-w=100')).toBe('100x75')
    expect(await size(quadrantsUrl, 'w=200&h=200&fit=crop&max-h=50')).toBe('50x50')
  })

  it('fit: clip fits inside, max never enlarges, scale stretches, crop covers, min crops within the original', async () => {
    expect(await size(quadrantsUrl, 'w=100&h=100&fit=clip')).toBe('100x75')
    expect(await size(quadrantsUrl, 'w=800&h=800')).toBe('800x600')
    expect(await size(quadrantsUrl, 'w=800&h=800&fit=max')).toBe('400x300')
    expect(await size(quadrantsUrl, 'w=100&h=100&fit=max')).toBe('100x75')
    expect(await size(quadrantsUrl, 'w=100&h=100&fit=scale')).toBe('100x100')
    expect(await size(quadrantsUrl, 'w=100&h=100&fit=crop')).toBe('100x100')
    expect(await size(quadrantsUrl, 'w=800&h=800&fit=min')).toBe('300x300')
    expect(await size(quadrantsUrl, 'w=100&h=50&fit=min')).toBe('100x50')
  })

  it('fill pads to the box with bg, fillmax pads without enlarging', async () => {
    const filled = await variant(quadrantsUrl, 'w=200&h=200&fit=fill&bg=0000ff')
    expect(`${filled.width}x${filled.height}`).toBe('200x200')
    expectColour(await pixelAt(filled.bytes, 100, 5), BLUE)
    expectColour(await pixelAt(filled.bytes, 5, 40), RED)
    const fillmax = await variant(quadrantsUrl, 'w=800&h=800&fit=fillmax&bg=f0f0')
    expect(`${fillmax.width}x${fillmax.height}`).toBe('800x800')
    expectColour(await pixelAt(fillmax.bytes, 400, 100), GREEN)
    expectColour(await pixelAt(fillmax.bytes, 250, 300), RED)
    expectColour(await pixelAt(fillmax.bytes, 550, 500), YELLOW)
  })
})

describe('what part of the image', () => {
  it('crop takes the edge it names, the centre by default, or around fp-x/fp-y with focalpoint', async () => {
    const square = 'w=100&h=100&fit=crop'
    expectColour(await colourAt(halvesUrl, `${square}&crop=left`, 95, 50), RED)
    expectColour(await colourAt(halvesUrl, `${square}&crop=right`, 5, 50), GREEN)
    expectColour(await colourAt(halvesUrl, square, 5, 50), RED)
    expectColour(await colourAt(halvesUrl, square, 95, 50), GREEN)
    expectColour(
      await colourAt(halvesUrl, `${square}&crop=focalpoint&fp-x=0.8&fp-y=0.5`, 5, 50),
      GREEN,
    )
    expect(await size(halvesUrl, `${square}&crop=entropy`)).toBe('100x100')
    expectColour(
      await colourAt(quadrantsUrl, 'w=100&h=100&fit=crop&crop=bottom,right', 95, 95),
      YELLOW,
    )
  })

  it('rect cuts a region of the original first, and one reaching past the edge is cut to the image', async () => {
    const region = await variant(quadrantsUrl, 'rect=200,150,200,150')
    expect(`${region.width}x${region.height}`).toBe('200x150')
    expectColour(await pixelAt(region.bytes, 5, 5), YELLOW)
    expectColour(await colourAt(quadrantsUrl, 'rect=0,150,200,150&w=50', 25, 18), BLUE)
    expect(await size(quadrantsUrl, 'rect=300,200,500,500')).toBe('100x100')
    // A rect shrunk and cropped: the image is shrunk whole and the rect and crop cut from it in one step.
    const shrunk = 'rect=100,0,200,100&w=50&h=50&fit=crop'
    expectColour(await colourAt(halvesUrl, `${shrunk}&crop=left`, 45, 25), RED)
    expectColour(await colourAt(halvesUrl, `${shrunk}&crop=right`, 5, 25), GREEN)
    expect(await size(halvesUrl, shrunk)).toBe('50x50')
  })

  it('blur softens the edge between two colours, up to the reference’s 2000 on a large variant', async () => {
    const crisp = await colourAt(halvesUrl, 'w=400&fm=png', 199, 50)
    expectColour(crisp, RED)
    const soft = await colourAt(halvesUrl, 'w=400&fm=png&blur=40', 199, 50)
    expect(near(soft, RED, 20)).toBe(false)
    expect(soft.r).toBeGreaterThan(soft.b)
    const blurred = await variant(halvesUrl, 'w=4000&blur=2000&fm=png')
    expect(`${blurred.width}x${blurred.height}`).toBe('4000x1000')
    // 200 px from the edge: a sigma of hundreds of pixels mixes green in.
    const nearEdge = await pixelAt(blurred.bytes, 1800, 500)
    expect(near(nearEdge, RED, 20)).toBe(false)
    expect(nearEdge.r).toBeGreaterThan(nearEdge.g)
  })

  it('sharp sharpens, 0 leaving the image as it was', async () => {
    const plain = await variant(quadrantsUrl, 'w=150&fm=png')
    const unsharpened = await variant(quadrantsUrl, 'w=150&fm=png&sharp=0')
    const sharpened = await variant(quadrantsUrl, 'w=150&fm=png&sharp=100')
    expect(unsharpened.bytes.equals(plain.bytes)).toBe(true)
    expect(sharpened.bytes.equals(plain.bytes)).toBe(false)
  })

  it('flip mirrors horizontally (h), vertically (v) or both (hv)', async () => {
    expectColour(await colourAt(quadrantsUrl, 'flip=h', 5, 5), GREEN)
    expectColour(await colourAt(quadrantsUrl, 'flip=v', 5, 5), BLUE)
    expectColour(await colourAt(quadrantsUrl, 'flip=hv', 5, 5), YELLOW)
  })
})

describe('formats', () => {
  it('keeps the original format, converts with fm (pjpg progressive), and q trades bytes for quality', async () => {
    const same = await variant(quadrantsUrl, 'w=100')
    expect([same.format, same.response.headers.get('content-type')]).toEqual(['png', 'image/png'])
    expect((await variant(quadrantsUrl, 'w=100&fm=webp')).format).toBe('webp')
    const jpeg = await variant(quadrantsUrl, 'w=100&fm=jpg')
    expect([jpeg.format, jpeg.isProgressive]).toEqual(['jpeg', false])
    const progressive = await variant(quadrantsUrl, 'w=100&fm=pjpg')
    expect([progressive.format, progressive.isProgressive]).toEqual(['jpeg', true])
    const low = await variant(halvesUrl, 'fm=jpg&q=5')
    const high = await variant(halvesUrl, 'fm=jpg&q=100')
    expect(low.bytes.length).toBeLessThan(high.bytes.length)
  })

  it('auto=format gives AVIF or WebP as Accept allows, the original otherwise, with Vary: Accept', async () => {
    const asks = async (accept: string) => {
      const answer = await variant(quadrantsUrl, 'w=100&auto=format', {Accept: accept})
      expect(answer.response.headers.get('vary')).toBe('Accept')
      return answer.response.headers.get('content-type')
    }
    expect(await asks('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('image/avif')
    expect(await asks('image/webp,*/*')).toBe('image/webp')
    expect(await asks('image/avif;q=0,image/webp')).toBe('image/webp')
    expect(await asks('*/*')).toBe('image/png')
    const chosen = await variant(quadrantsUrl, 'w=100&fm=jpg')
    expect(chosen.response.headers.get('vary')).toBeNull()
  })
})

describe('caching', () => {
  it('serves variants for a year, keeps them on disk and answers a repeat from there with the same bytes', async () => {
    const first = await variant(halvesUrl, 'w=123&fm=webp&q=60')
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(first.response.headers.get('x-cache')).toBe('MISS')
    const again = await variant(halvesUrl, 'q=60&fm=webp&w=123')
    expect(again.response.headers.get('x-cache')).toBe('HIT')
    expect(again.bytes.equals(first.bytes)).toBe(true)
    const kept = readdirSync(join(lake.dataDir, 'assets', 'production', 'variants'))
    expect(kept.filter((name) => name.endsWith('.webp')).length).toBeGreaterThan(0)
  })

  it('answers many asking at once for one variant with the same bytes, and keeps one file for it', async () => {
    const folder = join(lake.dataDir, 'assets', 'production', 'variants')
    const keptFiles = () => (existsSync(folder) ? readdirSync(folder).length : 0)
    const before = keptFiles()
    const answers = await Promise.all(
      Array.from({length: 5}, () => variant(halvesUrl, 'w=77&fm=png')),
    )
    // The first request the lake reads makes the variant (MISS); the others wait for it (MISS) or, read after it
    // was made, are answered from disk (HIT). When each request is read is the machine's; that the variant is
    // made once is shown on the class, in imageVariants.test.ts.
    expect(answers.map(({response}) => response.headers.get('x-cache'))).toContain('MISS')
    expect(new Set(answers.map(({bytes}) => bytes.toString('base64'))).size).toBe(1)
    expect(keptFiles()).toBe(before + 1)
    expect((await variant(halvesUrl, 'w=77&fm=png')).response.headers.get('x-cache')).toBe('HIT')
  })

  it('keeps at most its byte budget of variants, removing the least recently asked for, made again when asked', async () => {
    const small = await startTestLake(undefined, [], {variantBytes: 1})
    try {
      const {url} = await testLakeClient(small.url).assets.upload('image', await quadrants(40, 30))
      const folder = join(small.dataDir, 'assets', 'production', 'variants')
      const first = await variant(url, 'w=10&fm=png')
      await variant(url, 'w=20&fm=png')
      expect(readdirSync(folder)).toHaveLength(1)
      const again = await variant(url, 'w=10&fm=png')
      expect(again.response.headers.get('x-cache')).toBe('MISS')
      expect(again.bytes.equals(first.bytes)).toBe(true)
      expect(readdirSync(folder)).toHaveLength(1)
    } finally {
      await small.close()
    }
  })

  it('serves the original file as uploaded when no parameter asks for a transform', async () => {
    const original = await fetch(quadrantsUrl)
    expect(Buffer.from(await original.arrayBuffer()).equals(await quadrants(400, 300))).toBe(true)
    expect(original.headers.get('x-cache')).toBeNull()
  })
})

describe('refusals', () => {
  const refusals: [string, string][] = [
    ['w=abc', 'Parameter "w" must be a valid integer'],
    ['w=1.5', 'Parameter "w" must be a valid integer'],
    ['w=0', 'Parameter "w" must be larger than or equal to 1'],
    ['h=9000', 'Parameter "h" must be less than or equal to 8192'],
    ['max-w=-1', 'Parameter "max-w" must be a valid integer'],
    ['q=101', 'Parameter "q" must be less than or equal to 100'],
    ['dpr=4', 'Parameter "dpr" must be less than or equal to 3'],
    ['fit=cover', 'Parameter "fit" must be one of [clip, crop, fill, fillmax, max, scale, min]'],
    ['fm=bmp', 'Parameter "fm" must be one of [jpg, pjpg, png, webp, avif]'],
    ['auto=compress', 'Parameter "auto" must be one of [format]'],
    ['flip=x', 'Parameter "flip" must be one of [h, v, hv]'],
    [
      'crop=middle',
      'Parameter "crop" must be one of [top, bottom, left, right, center, focalpoint, entropy]',
    ],
    ['crop=focalpoint&fp-x=2', 'Parameter "fp-x" must be less than or equal to 1'],
    ['rect=1,2,3', 'Parameter "rect" must be four integers: left,top,width,height'],
    ['rect=0,0,0,10', 'Parameter "rect" must have a width and height larger than 0'],
    ['rect=400,0,10,10', 'Parameter "rect" lies outside the image (400x300)'],
    ['bg=blue', 'Parameter "bg" must be a hex color: RGB, ARGB, RRGGBB or AARRGGBB'],
    ['blur=5000', 'Parameter "blur" must be less than or equal to 2000'],
    ['blur=0', 'Parameter "blur" must be larger than or equal to 1'],
    ['blur=soft', 'Parameter "blur" must be a valid integer'],
    ['sharp=101', 'Parameter "sharp" must be less than or equal to 100'],
    ['frame=2', 'Parameter "frame" must be less than or equal to 1'],
  ]

  it.each(refusals)('%s is a 400 in the CDN’s words: %s', async (query, message) => {
    const {response, bytes} = await get(quadrantsUrl, query)
    expect(response.status).toBe(400)
    expect(JSON.parse(bytes.toString())).toEqual({statusCode: 400, error: 'Bad Request', message})
  })

  it('bounds a variant at 8192 px a side after dpr, keeping its shape', async () => {
    expect(await size(quadrantsUrl, 'w=10&h=8000&dpr=2&fit=scale')).toBe('10x8192')
  })

  it('answers 404 for an image it does not have, with or without parameters', async () => {
    const missing = quadrantsUrl.replace(/[0-9a-f]{40}/, '0'.repeat(40))
    expect((await fetch(`${missing}?w=10`)).status).toBe(404)
    expect((await fetch(missing)).status).toBe(404)
  })
})
