// A fitted image is made once per source: a publish that re-renders the page does not fetch and fit its poster
// again, and a site file that changed is fitted anew.
import {mkdtempSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {inlineFileWithinBudget, inlineWithinBudget} from './inlineImage.server.ts'

let folder: string
let host: Server
let hostUrl: string
let asked = 0
let png: Buffer

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'inline-image-'))
  png = await sharp({create: {width: 64, height: 36, channels: 3, background: '#336699'}})
    .png()
    .toBuffer()
  host = createServer((_, res) => {
    asked += 1
    res.writeHead(200, {'Content-Type': 'image/png'})
    res.end(png)
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => host.close(resolve))
  rmSync(folder, {recursive: true, force: true})
})

it('fetches and fits an image URL once, whatever the renders that ask for it', async () => {
  const url = `${hostUrl}/images/p/d/abc-64x36.png?w=64`
  const first = await inlineWithinBudget(url, 4500)
  expect(first).toMatch(/^data:image\/avif;base64,/)
  expect(await inlineWithinBudget(url, 4500)).toBe(first)
  expect(asked).toBe(1)
  await inlineWithinBudget(`${url}&h=36`, 4500)
  expect(asked).toBe(2)
})

it('fits a site file again only when it changed', async () => {
  const file = join(folder, 'poster.png')
  writeFileSync(file, png)
  // A time the file system keeps exactly, to put back below.
  const mtime = new Date(Math.floor(Date.now() / 1000) * 1000)
  utimesSync(file, mtime, mtime)
  const box = {width: 64, height: 36}
  const first = await inlineFileWithinBudget(file, box, 4500)
  expect(first).toMatch(/^data:image\/avif;base64,/)
  const {size} = statSync(file)
  const negated = await sharp(png).negate().png().toBuffer()
  expect(negated.length).toBe(size)
  // Other pixels under the same name, size and time: the kept image answers, so none was fitted again.
  writeFileSync(file, negated)
  utimesSync(file, mtime, mtime)
  expect(await inlineFileWithinBudget(file, box, 4500)).toBe(first)
  utimesSync(file, mtime, new Date(mtime.getTime() + 5000))
  const changed = await inlineFileWithinBudget(file, box, 4500)
  expect(changed).toMatch(/^data:image\/avif;base64,/)
  expect(changed).not.toBe(first)
})
