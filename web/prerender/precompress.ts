// Writes .br and .gz beside every text file of a build, so the static server sends them without compressing
// on each request. Maximum compression: it is paid once per build.
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {brotliCompressSync, constants, gzipSync} from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|data|webmanifest)$/
const MIN_BYTES = 1024

/** Writes the .br and .gz of one file when it is text and large enough; says whether it did. */
export function precompressFile(file: string): boolean {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false
  const content = readFileSync(file)
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}),
  )
  writeFileSync(`${file}.gz`, gzipSync(content, {level: 9}))
  return true
}

export function precompress(root: string): number {
  let written = 0
  for (const entry of readdirSync(root, {recursive: true, withFileTypes: true})) {
    if (entry.isFile() && precompressFile(join(entry.parentPath, entry.name))) written += 1
  }
  return written
}
