// Writes .br and .gz beside every text file of a build, so the static server sends them without compressing
// on each request. Maximum compression: it is paid once per build, and once per asset. Vite names each file in
// assets/ by a hash of its contents and the same code builds the same files whatever the content, so their
// compressed forms are kept in a cache by content hash and copied into the next build (brotli at quality 11 on the
// ~1.4 MB of scripts took 1.8 s of every full build). Files are compressed on libuv's pool, all encodings of all
// files at once, so every core works on them (a publish's page and its data: half the time on two cores).
// Landing pages are the exception: they are rendered by the hundred when a price they all show changes, and brotli
// at quality 11 takes about 130 ms for a campaign page's 36 KB of HTML where quality 6 takes about 1 ms, for 10 %
// more bytes (9.9 KB against 9.0 KB), which still leaves the page inside TCP's first window.
import {createHash} from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import {join, resolve, sep} from 'node:path'
import {promisify} from 'node:util'
import {brotliCompress, brotliCompressSync, constants, gzip, gzipSync} from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/
const MIN_BYTES = 1024
const ENCODINGS = ['br', 'gz'] as const

export const defaultAssetCacheDir = resolve(
  import.meta.dirname,
  '../../node_modules/.cache/precompressed-assets',
)

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** How hard a file is compressed: fully (the default), or quickly (a landing page's files). */
export type Effort = 'full' | 'quick'

const BROTLI_QUALITY: Record<Effort, number> = {full: 11, quick: 6}

/**
 * A file's compressed form. A quick one is made at once, in the thread that asks (a render thread, which has just
 * rendered the page: about 1.7 ms for a campaign page and its data); on libuv's pool, hundreds at once beside two
 * render threads, the same work took 1.3 to 1.7 times the CPU, which on two cores the renders need.
 */
function compressed(content: Buffer, encoding: (typeof ENCODINGS)[number], effort: Effort) {
  const brotliOptions = {params: {[constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort]}}
  if (effort === 'quick')
    return encoding === 'br'
      ? brotliCompressSync(content, brotliOptions)
      : gzipSync(content, {level: 9})
  return encoding === 'br' ? brotli(content, brotliOptions) : gzipped(content, {level: 9})
}

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
export async function precompressFile(
  file: string,
  {cacheDir, effort = 'full'}: {cacheDir?: string | undefined; effort?: Effort} = {},
): Promise<boolean> {
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
      const bytes = await compressed(content, encoding, effort)
      await writeFile(`${file}.${encoding}`, bytes)
      if (cached) await writeWhole(cached, bytes)
    }),
  )
  return true
}

/**
 * Precompresses every file under `root`; those in an `assets` folder through `assetCacheDir`, and the `quick`
 * ones (relative to `root`: the landing pages') quickly.
 */
export async function precompress(
  root: string,
  assetCacheDir?: string,
  quick: ReadonlySet<string> = new Set(),
): Promise<number> {
  if (assetCacheDir) mkdirSync(assetCacheDir, {recursive: true})
  const files = readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
  const written = await Promise.all(
    files.map((file) => {
      const relativePath = file
        .slice(root.length + 1)
        .split(sep)
        .join('/')
      return precompressFile(file, {
        cacheDir: relativePath.split('/').includes('assets') ? assetCacheDir : undefined,
        effort: quick.has(relativePath) ? 'quick' : 'full',
      })
    }),
  )
  return written.filter(Boolean).length
}

/**
 * Takes the compressed forms of `file` from the release before when it is byte for byte the file it had there
 * (hard links, as the release's unchanged files are): a re-render that changes nothing costs no compression.
 * Says whether it did.
 */
export function reusePrecompressed(file: string, before: string): boolean {
  const variants = ENCODINGS.map((encoding) => [`${before}.${encoding}`, `${file}.${encoding}`])
  if (!existsSync(before) || variants.some(([from]) => !existsSync(from!))) return false
  if (!readFileSync(file).equals(readFileSync(before))) return false
  for (const [from, to] of variants) linkSync(from!, to!)
  return true
}
