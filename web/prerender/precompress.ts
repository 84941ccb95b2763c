// Writes .br and .gz beside every text file of a build, so the static server sends them without compressing
// on each request. Maximum compression: it is paid once per build, and once per asset. Vite names each file in
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

const compressed = (content: Buffer, encoding: (typeof ENCODINGS)[number]) =>
  encoding === 'br'
    ? brotli(content, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}})
    : gzipped(content, {level: 9})

/** Writes a file whole or not at all, so a build reading the cache at the same moment never sees half of it. */
async function writeWhole(file: string, content: Buffer) {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`
  await writeFile(partial, content)
  renameSync(partial, file)
}

/**
 * Writes the .br and .gz of one file when it is text and large enough; says whether it did. With `cacheDir`,
 * they are taken from (or kept in) the cache under the hash of the file's contents.
 */
export async function precompressFile(file: string, cacheDir?: string): Promise<boolean> {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false
  const content = await readFile(file)
  const key = cacheDir && createHash('sha256').update(content).digest('hex')
  await Promise.all(
    ENCODINGS.map(async (encoding) => {
      const cached = key && join(cacheDir, `${key}.${encoding}`)
      if (cached && existsSync(cached)) {
        copyFileSync(cached, `${file}.${encoding}`)
        return
      }
      const bytes = await compressed(content, encoding)
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
      return precompressFile(file, isAsset ? assetCacheDir : undefined)
    }),
  )
  return written.filter(Boolean).length
}
