// Transformed images, made once and kept: a variant is named by the original and the parameters that shape it
// (as read, so two spellings of one request share it) and the format chosen, and is kept on disk under the
// dataset's assets (`variants/`). A request for a kept variant reads its bytes and transforms nothing; requests for
// one being made wait for that transform.
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readFileSync} from 'node:fs'
import {extname, join} from 'node:path'
import {storedAssetPath} from './assets.ts'
import {writeFileAtomically} from './atomicWrite.ts'
import {chooseFormat, CONTENT_TYPES} from './imageFormat.ts'
import {readImageParams} from './imageParams.ts'
import {transformImage} from './imageTransform.ts'

export type Variant = {
  bytes: Buffer
  contentType: string
  /** Whether the request's `Accept` chose the format (`auto=format`), so caches must key on it. */
  byAccept: boolean
  /** Whether the bytes were kept from an earlier request. */
  kept: boolean
}

const making = new Map<string, Promise<Buffer>>()

export async function imageVariant(
  dataDir: string,
  dataset: string,
  name: string,
  search: URLSearchParams,
  accept: string | undefined,
): Promise<Variant> {
  const original = storedAssetPath(dataDir, dataset, name)
  const params = readImageParams(search)
  const {format, byAccept} = chooseFormat(params, extname(name).slice(1), accept)
  // auto=format is settled by `format`; JSON leaves the undefined out.
  const key = createHash('sha256')
    .update(JSON.stringify([name, {...params, autoFormat: undefined}, format]))
    .digest('hex')
  const folder = join(dataDir, 'assets', dataset, 'variants')
  const file = join(folder, `${key}.${format}`)
  const contentType = CONTENT_TYPES[format]
  if (existsSync(file)) return {bytes: readFileSync(file), contentType, byAccept, kept: true}
  const pending =
    making.get(file) ??
    transformImage(readFileSync(original), params, format).then((bytes) => {
      mkdirSync(folder, {recursive: true})
      writeFileAtomically(file, bytes)
      return bytes
    })
  making.set(file, pending)
  try {
    return {bytes: await pending, contentType, byAccept, kept: false}
  } finally {
    making.delete(file)
  }
}
