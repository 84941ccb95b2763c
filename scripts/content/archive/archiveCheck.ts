// An archive an import is to read, unpacked and checked before anything is written, so a bad one is refused with
// the file and line at fault. @sanity/import refuses a broken line itself, but not an archive cut short at the end of
// a line or of an entry (it imports what it found, as if that were all: verified against 7.0.4), and it names
// neither the archive's file nor the line's document. Checked here: that it is a gzip tar, whole (node-tar's
// strict mode refuses a gzip stream or an entry cut short); that `data.ndjson` holds one JSON document a line
// with a `_type`, each id once, and ends with its last line whole; that every image and file a document or
// `assets.json` names is in the archive.
import {createReadStream, existsSync, readdirSync, readFileSync} from 'node:fs'
import {open} from 'node:fs/promises'
import {basename, join, relative} from 'node:path'
import {createInterface} from 'node:readline'
import * as tar from 'tar'

/** A refusal of the archive: what is wrong, and where. */
export class ArchiveError extends Error {}

export type UnpackedArchive = {
  /** The folder holding `data.ndjson`, `assets.json`, `images/` and `files/`. */
  folder: string
  dataFile: string
  /** `<archive>: <path of data.ndjson in it>`, how messages name the file. */
  dataName: string
  documents: number
  /** Each document's line in `data.ndjson`, by id. */
  lines: Map<string, number>
}

const GZIP = [0x1f, 0x8b]
const ASSET_REFERENCE = /^(image|file)@file:\/\/\.\/((?:images|files)\/[^/]+)$/
const ASSET_ID = /^(image|file)-([a-f0-9]{40})/

async function firstBytes(file: string) {
  const handle = await open(file, 'r')
  try {
    const bytes = Buffer.alloc(2)
    await handle.read(bytes, 0, 2, 0)
    return bytes
  } finally {
    await handle.close()
  }
}

function unpackError(name: string, error: unknown): ArchiveError {
  const {code, message} = error as {code?: string; message?: string}
  if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(message ?? ''))
    return new ArchiveError(`${name} is cut short: its gzip stream ends before its end`)
  if (code === 'TAR_BAD_ARCHIVE' && /truncated/i.test(message ?? ''))
    return new ArchiveError(`${name} is cut short: an entry of the archive ends early`)
  return new ArchiveError(`${name} is not a readable tar.gz archive (${message ?? String(error)})`)
}

/** Where `data.ndjson` is: at the top or one folder down, as Sanity's exports have it. */
function findDataFile(into: string): string | undefined {
  if (existsSync(join(into, 'data.ndjson'))) return join(into, 'data.ndjson')
  for (const entry of readdirSync(into, {withFileTypes: true})) {
    const candidate = join(into, entry.name, 'data.ndjson')
    if (entry.isDirectory() && existsSync(candidate)) return candidate
  }
  return undefined
}

/** Every `_sanityAsset` reference a document holds, however deep. */
function assetReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) assetReferences(item, found)
  else if (typeof value === 'object' && value !== null) {
    for (const [field, inner] of Object.entries(value)) {
      if (field === '_sanityAsset' && typeof inner === 'string') found.push(inner)
      else assetReferences(inner, found)
    }
  }
  return found
}

/** Whether the file ends with a newline (or is empty), read from its last byte. */
async function endsWhole(file: string) {
  const handle = await open(file, 'r')
  try {
    const {size} = await handle.stat()
    if (size === 0) return true
    const last = Buffer.alloc(1)
    await handle.read(last, 0, 1, size - 1)
    return last[0] === 0x0a
  } finally {
    await handle.close()
  }
}

async function checkLines(folder: string, dataFile: string, dataName: string) {
  const whole = await endsWhole(dataFile)
  const lines = new Map<string, number>()
  let number = 0
  let documents = 0
  // A line that is not JSON is refused once a line follows it; the last one may be a line cut short instead.
  let broken: ArchiveError | undefined
  const reader = createInterface({input: createReadStream(dataFile), crlfDelay: Infinity})
  for await (const text of reader) {
    if (broken) throw broken
    number += 1
    if (text.trim() === '') continue
    const where = `${dataName} line ${number}`
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch (error) {
      broken = new ArchiveError(`${where} is not JSON (${(error as Error).message})`)
      continue
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
      throw new ArchiveError(`${where} is not a document`)
    const {_id: id, _type: type} = doc as {_id?: unknown; _type?: unknown}
    if (typeof type !== 'string' || type === '')
      throw new ArchiveError(`${where}: the document has no _type`)
    if (id !== undefined && typeof id !== 'string')
      throw new ArchiveError(`${where}: the document's _id is not a string`)
    if (typeof id === 'string') {
      const earlier = lines.get(id)
      if (earlier !== undefined)
        throw new ArchiveError(`${where}: the id "${id}" is on line ${earlier} already`)
      lines.set(id, number)
    }
    for (const reference of assetReferences(doc)) {
      const path = ASSET_REFERENCE.exec(reference)?.[2]
      if (!path) throw new ArchiveError(`${where}: "${reference}" is not an asset of the archive`)
      if (!existsSync(join(folder, path)))
        throw new ArchiveError(`${where}: its ${path} is not in the archive (cut short?)`)
    }
    documents += 1
  }
  if (!whole)
    throw new ArchiveError(
      `${dataName} ends in the middle of line ${number}: the archive was cut short`,
    )
  if (broken) throw broken
  return {lines, documents}
}

/** `assets.json` names each asset by its hash: each must have its file. */
function checkAssetMap(folder: string, name: string) {
  const mapFile = join(folder, 'assets.json')
  if (!existsSync(mapFile)) return
  let map: Record<string, unknown>
  try {
    map = JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, unknown>
  } catch (error) {
    throw new ArchiveError(`${name}: assets.json is not JSON (${(error as Error).message})`)
  }
  const kept = ['images', 'files'].flatMap((kind) =>
    existsSync(join(folder, kind)) ? readdirSync(join(folder, kind)) : [],
  )
  for (const id of Object.keys(map)) {
    const sha1 = ASSET_ID.exec(id)?.[2]
    if (sha1 && !kept.some((file) => file.startsWith(sha1)))
      throw new ArchiveError(
        `${name}: assets.json names ${id}, whose file is not in the archive (cut short?)`,
      )
  }
}

/** Unpacks `archive` into `into` (an empty folder) and checks it; an ArchiveError says what is wrong where. */
export async function unpackArchive(archive: string, into: string): Promise<UnpackedArchive> {
  const name = basename(archive)
  if (!existsSync(archive)) throw new ArchiveError(`${archive}: no such file`)
  const magic = await firstBytes(archive)
  if (magic[0] !== GZIP[0] || magic[1] !== GZIP[1])
    throw new ArchiveError(
      `${name} is not a gzip archive: an import reads Sanity's export, a .tar.gz (npm run content -- export)`,
    )
  await tar.x({file: archive, cwd: into, strict: true}).catch((error: unknown) => {
    throw unpackError(name, error)
  })
  const dataFile = findDataFile(into)
  if (!dataFile)
    throw new ArchiveError(`${name} holds no data.ndjson: it is not an export of a dataset`)
  const folder = join(dataFile, '..')
  const dataName = `${name}: ${relative(into, dataFile)}`
  const {lines, documents} = await checkLines(folder, dataFile, dataName)
  checkAssetMap(folder, name)
  return {folder, dataFile, dataName, documents, lines}
}
