// Writes .br and .gz beside every text file of a build, so the static server sends them without compressing
// on each request. Maximum compression for assets: it is paid once per asset. Pages at brotli's quality 10: a
// page is compressed again by every publish that changes it, and quality 11 took three times as long for 2-3 %
// fewer bytes (/tradingview's 49 KB: 53 ms and 11,703 bytes against 18 ms and 11,988). Vite names each file in
// assets/ by a hash of its contents and the same code builds the same files whatever the content, so their
// compressed forms are kept in a cache by content hash and copied into the next build (brotli at quality 11 on the
// ~1.4 MB of scripts took 1.8 s of every full build). Files are compressed on libuv's pool, all encodings of all
// files at once, so every core works on them (a publish's page and its data: half the time on two cores).
import {createHash} from 'node:crypto'
import {copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import {join, resolve, sep} from 'node:path'
import {promisify} from 'node:util'
import {brotliCompress, constants, gzip} from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/
const MIN_BYTES = 1024
const ENCODINGS = ['br', 'gz'] as const

export const defaultAssetCacheDir = resolve(
  import.meta.dirname,
  '../../node_modules/.cache/precompressed-assets',
)

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Brotli's quality for a hashed asset, compressed once and kept. */
export const ASSET_BROTLI_QUALITY = 11
/** Brotli's quality for a page and its data, compressed again by each publish that changes it. */
export const PAGE_BROTLI_QUALITY = 10

const compressed = (content: Buffer, encoding: (typeof ENCODINGS)[number], quality: number) =>
  encoding === 'br'
    ? brotli(content, {params: {[constants.BROTLI_PARAM_QUALITY]: quality}})
    : gzipped(content, {level: 9})

/** Writes a file whole or not at all, so a build reading the cache at the same moment never sees half of it. */
async function writeWhole(file: string, content: Buffer) {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`
  await writeFile(partial, content)
  renameSync(partial, file)
}

/**
 * Writes the .br and .gz of one file when it is text and large enough; says whether it did. A page unless
 * `asset` names the cache of assets: an asset's are taken from (or kept in) it under the hash of its contents.
 */
export async function precompressFile(
  file: string,
  {asset}: {asset?: {cacheDir?: string}} = {},
): Promise<boolean> {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false
  const content = await readFile(file)
  const cacheDir = asset?.cacheDir
  const quality = asset ? ASSET_BROTLI_QUALITY : PAGE_BROTLI_QUALITY
  const key = cacheDir && createHash('sha256').update(content).digest('hex')
  await Promise.all(
    ENCODINGS.map(async (encoding) => {
      const cached = key && join(cacheDir, `${key}.${encoding}`)
      if (cached && existsSync(cached)) {
        copyFileSync(cached, `${file}.${encoding}`)
        return
      }
      const bytes = await compressed(content, encoding, quality)
      await writeFile(`${file}.${encoding}`, bytes)
      if (cached) await writeWhole(cached, bytes)
    }),
  )
  return true
}

/** Precompresses every file under `root`; those in an `assets` folder through `assetCacheDir`. */
export async function precompress(root: string, assetCacheDir?: string): Promise<number> {
  if (assetCacheDir) mkdirSync(assetCacheDir, {recursive: true})
  const files = readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
  const written = await Promise.all(
    files.map((file) => {
      const isAsset = file.slice(root.length).split(sep).includes('assets')
      return precompressFile(file, isAsset ? {asset: {cacheDir: assetCacheDir}} : {})
    }),
  )
  return written.filter(Boolean).length
}
