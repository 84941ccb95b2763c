import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {brotliCompressSync, brotliDecompressSync, constants, gunzipSync} from 'node:zlib'
import {afterAll, expect, it} from 'vitest'
import {precompress, reusePrecompressed} from './precompress.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, {recursive: true, force: true})
})
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'precompress-'))
  folders.push(path)
  return path
}

const script = Buffer.from(
  `export const rows = ${JSON.stringify(Array.from({length: 300}, (_, n) => n))}\n`,
)
const page = Buffer.from(`<!doctype html><p>${'Straddle ₹500 '.repeat(200)}</p>`)

/** A client folder as a build leaves it: a page and a script in assets/. */
function build() {
  const root = folder()
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'assets', 'client-abc123.js'), script)
  writeFileSync(join(root, 'index.html'), page)
  return root
}

it('writes .br and .gz that decompress to each file, and none for a small one', async () => {
  const root = build()
  writeFileSync(join(root, 'tiny.js'), 'export {}\n')
  expect(await precompress(root)).toBe(2)
  for (const [file, content] of [
    ['assets/client-abc123.js', script],
    ['index.html', page],
  ] as const) {
    expect(brotliDecompressSync(readFileSync(join(root, `${file}.br`)))).toEqual(content)
    expect(gunzipSync(readFileSync(join(root, `${file}.gz`)))).toEqual(content)
  }
  expect(readdirSync(root)).not.toContain('tiny.js.br')
})

it("takes an asset's compressed forms from the cache by its contents, and keeps no page there", async () => {
  const cache = folder()
  await precompress(build(), cache)
  expect(readdirSync(cache)).toHaveLength(2)
  // A cache entry told apart from what this build would write: the next build copies it.
  const [brotliEntry] = readdirSync(cache).filter((name) => name.endsWith('.br'))
  const fast = brotliCompressSync(script, {params: {[constants.BROTLI_PARAM_QUALITY]: 1}})
  writeFileSync(join(cache, brotliEntry!), fast)
  const next = build()
  await precompress(next, cache)
  expect(readFileSync(join(next, 'assets', 'client-abc123.js.br'))).toEqual(fast)
  expect(brotliDecompressSync(readFileSync(join(next, 'index.html.br')))).toEqual(page)
  expect(readdirSync(cache)).toHaveLength(2)
})

it('compresses a landing page quickly, at brotli quality 6, and the other pages fully', async () => {
  const root = build()
  mkdirSync(join(root, 'offer'))
  writeFileSync(join(root, 'offer', 'index.html'), page)
  await precompress(root, undefined, new Set(['offer/index.html']))
  const at = (quality: number) =>
    brotliCompressSync(page, {params: {[constants.BROTLI_PARAM_QUALITY]: quality}})
  expect(readFileSync(join(root, 'offer', 'index.html.br'))).toEqual(at(6))
  expect(readFileSync(join(root, 'index.html.br'))).toEqual(at(11))
})

it("takes an unchanged file's compressed forms from the release before, as links, and not a changed one's", async () => {
  const before = build()
  await precompress(before)
  const next = build()
  expect(reusePrecompressed(join(next, 'index.html'), join(before, 'index.html'))).toBe(true)
  for (const encoding of ['br', 'gz'])
    expect(statSync(join(next, `index.html.${encoding}`)).ino).toBe(
      statSync(join(before, `index.html.${encoding}`)).ino,
    )
  writeFileSync(join(next, 'assets', 'client-abc123.js'), `${script.toString()}// changed\n`)
  expect(
    reusePrecompressed(
      join(next, 'assets', 'client-abc123.js'),
      join(before, 'assets', 'client-abc123.js'),
    ),
  ).toBe(false)
  expect(reusePrecompressed(join(next, 'index.html'), join(before, 'gone.html'))).toBe(false)
})
