import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {near, pixelAt, quadrants, RED} from '@quantedge/content-lake/testing/testImages'
import {siteImage, writeSiteImageVariants} from './siteImages.server.ts'

let root: string
let publicDir: string
let clientDir: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-images-'))
  publicDir = join(root, 'public')
  clientDir = join(root, 'client')
  mkdirSync(join(publicDir, 'demos'), {recursive: true})
  writeFileSync(
    join(publicDir, 'demos', 'small.webp'),
    await sharp(await quadrants(640, 360))
      .webp()
      .toBuffer(),
  )
  writeFileSync(join(publicDir, 'wide.png'), await quadrants(1600, 900))
  writeFileSync(join(publicDir, 'notes.txt'), 'not an image')
})
afterAll(() => rmSync(root, {recursive: true, force: true}))

describe('site images', () => {
  it('gives a file its dimensions, colour, lqip and variants at the srcset widths it can fill, no wider', async () => {
    const small = await siteImage('/demos/small.webp', publicDir)
    expect(small).toMatchObject({width: 640, height: 360})
    expect(small?.background).toMatch(/^#[0-9a-f]{6}$/)
    expect(small?.lqip).toMatch(/^data:image\/jpeg;base64,/)
    expect(small?.variants.map(({width, type}) => `${width} ${type}`)).toEqual([
      '640 image/avif',
      '640 image/webp',
    ])
    const wide = await siteImage('/wide.png', publicDir)
    expect(wide?.variants.map(({width}) => width)).toEqual([640, 640, 960, 960, 1280, 1280])
    expect(wide?.variants[0]?.url).toMatch(/^\/assets\/images\/wide-[0-9a-f]{10}-640\.avif$/)
  })

  it('reads a file once while it is unchanged, and again once it changed', async () => {
    const file = join(publicDir, 'kept.png')
    writeFileSync(file, await quadrants(640, 360))
    const mtime = new Date(Math.floor(Date.now() / 1000) * 1000)
    utimesSync(file, mtime, mtime)
    const first = await siteImage('/kept.png', publicDir)
    // Bytes no decoder reads, of the same size under the same name and time: what was read is kept, so the file
    // is not read again (reading it would fail).
    writeFileSync(file, Buffer.alloc(readFileSync(file).length))
    utimesSync(file, mtime, mtime)
    try {
      expect(await siteImage('/kept.png', publicDir)).toBe(first)
      const green = {width: 640, height: 360, channels: 3, background: '#00ff00'} as const
      writeFileSync(file, await sharp({create: green}).png().toBuffer())
      const changed = await siteImage('/kept.png', publicDir)
      expect(changed?.background).toBe('#08f808')
      expect(first?.background).not.toBe(changed?.background)
    } finally {
      rmSync(file)
    }
  })

  it('knows no image outside the site’s files, or that is not an image', async () => {
    expect(await siteImage('/notes.txt', publicDir)).toBeUndefined()
    expect(await siteImage('/../public/wide.png', publicDir)).toBeUndefined()
    expect(await siteImage('/missing.webp', publicDir)).toBeUndefined()
    expect(await siteImage('https://example.com/wide.png', publicDir)).toBeUndefined()
  })

  it('writes every variant a page names, in its format and width, once', async () => {
    expect(await writeSiteImageVariants(publicDir, clientDir)).toBe(8)
    for (const url of ['/demos/small.webp', '/wide.png']) {
      for (const variant of (await siteImage(url, publicDir))?.variants ?? []) {
        const bytes = readFileSync(join(clientDir, variant.url))
        const metadata = await sharp(bytes).metadata()
        expect(metadata.width).toBe(variant.width)
        expect(metadata.format).toBe(variant.type === 'image/avif' ? 'heif' : 'webp')
        expect(near(await pixelAt(bytes, 5, 5), RED)).toBe(true)
      }
    }
    const files = readdirSync(join(clientDir, 'assets', 'images'), {
      recursive: true,
      encoding: 'utf8',
    })
    expect(files.filter((file) => /\.(avif|webp)$/.test(file))).toHaveLength(8)
    expect(await writeSiteImageVariants(publicDir, clientDir)).toBe(0)
  })
})
