// Writes .br and .gz beside every text file of a build, so the static server sends them without compressing
// on each request. Maximum compression: it is paid once per build, and once per asset. Vite names each file in
// assets/ by a hash of its contents and the same code builds the same files whatever the content, so their
// compressed forms are kept in a cache by content hash and copied into the next build (brotli at quality 11 on the
// ~1.4 MB of scripts took 1.8 s of every full build).
import {createHash} from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import {join, resolve, sep} from 'node:path'
import {brotliCompressSync, constants, gzipSync} from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/
const MIN_BYTES = 1024
const ENCODINGS = ['br', 'gz'] as const

export const defaultAssetCacheDir = resolve(
  import.meta.dirname,
  '../../node_modules/.cache/precompressed-assets',
)

const compressed = (content: Buffer, encoding: (typeof ENCODINGS)[number]) =>
  encoding === 'br'
    ? brotliCompressSync(content, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}})
    : gzipSync(content, {level: 9})

/** Writes a file whole or not at all, so a build reading the cache at the same moment never sees half of it. */
function writeWhole(file: string, content: Buffer) {
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, content)
  renameSync(partial, file)
}

/**
 * Writes the .br and .gz of one file when it is text and large enough; says whether it did. With `cacheDir`,
 * they are taken from (or kept in) the cache under the hash of the file's contents.
 */
export function precompressFile(file: string, cacheDir?: string): boolean {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false
  const content = readFileSync(file)
  const key = cacheDir && createHash('sha256').update(content).digest('hex')
  for (const encoding of ENCODINGS) {
    const cached = key && join(cacheDir, `${key}.${encoding}`)
    if (cached && existsSync(cached)) {
      copyFileSync(cached, `${file}.${encoding}`)
      continue
    }
    const bytes = compressed(content, encoding)
    writeFileSync(`${file}.${encoding}`, bytes)
    if (cached) writeWhole(cached, bytes)
  }
  return true
}

/** Precompresses every file under `root`; those in an `assets` folder through `assetCacheDir`. */
export function precompress(root: string, assetCacheDir?: string): number {
  if (assetCacheDir) mkdirSync(assetCacheDir, {recursive: true})
  let written = 0
  for (const entry of readdirSync(root, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const isAsset = file.slice(root.length).split(sep).includes('assets')
    if (precompressFile(file, isAsset ? assetCacheDir : undefined)) written += 1
  }
  return written
}
