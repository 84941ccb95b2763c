// Transformed images, made once and kept: a variant is named by the original and the parameters that shape it
// (as read, so two spellings of one request share it) and the format chosen, and is kept on disk under the
// dataset's assets (`variants/`). A request for a kept variant reads its bytes and transforms nothing; requests for
// one being made wait for that transform, which an image process makes (imageWorkers.ts). Kept variants take at
// most `maxBytes` together: past it the least recently asked for are removed (and made again if asked for), so no
// stream of distinct URLs fills the disk.
import {createHash, randomUUID} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, rmSync, statSync} from 'node:fs'
import {readFile, rename, rm} from 'node:fs/promises'
import {extname, join} from 'node:path'
import {storedAssetPath} from './assets.ts'
import {chooseFormat, CONTENT_TYPES} from './imageFormat.ts'
import {readImageParams, type ImageParams, type OutputFormat} from './imageParams.ts'
import type {ImageWorkers} from './imageWorkers.ts'

export type Variant = {
  bytes: Buffer
  contentType: string
  /** Whether the request's `Accept` chose the format (`auto=format`), so caches must key on it. */
  byAccept: boolean
  /** Whether the bytes were kept from an earlier request. */
  kept: boolean
}

/** 1 GiB of kept variants by default (CONTENT_LAKE_VARIANT_BYTES). */
export const DEFAULT_VARIANT_BYTES = 1024 ** 3

/** A variant being written; the name of one left behind by a lake that stopped meanwhile. */
const WRITING = '.tmp'

export class ImageVariants {
  readonly #dataDir: string
  readonly #images: ImageWorkers
  readonly #maxBytes: number
  readonly #making = new Map<string, Promise<Buffer>>()
  /** Kept files and their sizes, least recently asked for first; a folder is read the first time it is used. */
  readonly #kept = new Map<string, number>()
  readonly #foldersRead = new Set<string>()
  #keptBytes = 0

  constructor(dataDir: string, images: ImageWorkers, maxBytes = DEFAULT_VARIANT_BYTES) {
    this.#dataDir = dataDir
    this.#images = images
    this.#maxBytes = maxBytes
  }

  async variant(
    dataset: string,
    name: string,
    search: URLSearchParams,
    accept: string | undefined,
  ): Promise<Variant> {
    const original = storedAssetPath(this.#dataDir, dataset, name)
    const params = readImageParams(search)
    const {format, byAccept} = chooseFormat(params, extname(name).slice(1), accept)
    // auto=format is settled by `format`; JSON leaves the undefined out.
    const key = createHash('sha256')
      .update(JSON.stringify([name, {...params, autoFormat: undefined}, format]))
      .digest('hex')
    const folder = join(this.#dataDir, 'assets', dataset, 'variants')
    const file = join(folder, `${key}.${format}`)
    const contentType = CONTENT_TYPES[format]
    this.#readFolder(folder)
    if (existsSync(file)) {
      this.#touch(file)
      return {bytes: await readFile(file), contentType, byAccept, kept: true}
    }
    const pending = this.#making.get(file) ?? this.#make(original, params, format, file)
    this.#making.set(file, pending)
    try {
      return {bytes: await pending, contentType, byAccept, kept: false}
    } finally {
      this.#making.delete(file)
    }
  }

  /** Has an image process write the variant beside its name, then gives it the name in one step. */
  async #make(original: string, params: ImageParams, format: OutputFormat, file: string) {
    mkdirSync(join(file, '..'), {recursive: true})
    const output = `${file}.${randomUUID()}${WRITING}`
    try {
      await this.#images.transform({original, params, format, output})
      const bytes = await readFile(output)
      await rename(output, file)
      this.#add(file, bytes.length)
      return bytes
    } finally {
      await rm(output, {force: true})
    }
  }

  /** Counts the variants a folder holds from before this lake started, oldest first; drops half-written ones. */
  #readFolder(folder: string) {
    if (this.#foldersRead.has(folder)) return
    this.#foldersRead.add(folder)
    if (!existsSync(folder)) return
    const files = readdirSync(folder)
      .filter((entry) => {
        if (!entry.endsWith(WRITING)) return true
        rmSync(join(folder, entry), {force: true})
        return false
      })
      .map((entry) => ({path: join(folder, entry), stats: statSync(join(folder, entry))}))
      .sort((a, b) => a.stats.mtimeMs - b.stats.mtimeMs)
    for (const {path, stats} of files) this.#add(path, stats.size)
  }

  #touch(file: string) {
    const size = this.#kept.get(file)
    if (size === undefined) return
    this.#kept.delete(file)
    this.#kept.set(file, size)
  }

  #add(file: string, size: number) {
    this.#keptBytes += size - (this.#kept.get(file) ?? 0)
    this.#kept.delete(file)
    this.#kept.set(file, size)
    for (const [oldest, oldestSize] of this.#kept) {
      if (this.#keptBytes <= this.#maxBytes || oldest === file) break
      rmSync(oldest, {force: true})
      this.#kept.delete(oldest)
      this.#keptBytes -= oldestSize
    }
  }
}
