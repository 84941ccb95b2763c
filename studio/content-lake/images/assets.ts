// Asset uploads (`POST /assets/images|files/<dataset>`) as Sanity answers them: the bytes are kept under the
// data folder by their SHA-1, and a `sanity.imageAsset` / `sanity.fileAsset` document describes them. The
// same bytes uploaded twice give the same document. An upload is written beside its final name first, and an
// image is analysed there by an image process (imageWorkers.ts): only one it could read takes its name.
// `GET /images|files/<project>/<dataset>/<name>` serves them.
import {createHash, randomUUID} from 'node:crypto'
import {existsSync, mkdirSync} from 'node:fs'
import {readFile, rename, rm, writeFile} from 'node:fs/promises'
import {extname, join} from 'node:path'
import {badRequest, notFound} from '../documents/errors.ts'
import type {ImageWorkers} from './imageWorkers.ts'
import type {MutationInput} from '../writes/mutate.ts'

export type AssetKind = 'images' | 'files'

const STORED_NAME = /^[a-f0-9]{40}(?:-\d+x\d+)?\.[a-z0-9]{1,10}$/
const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
}
const UPLOAD_FIELDS = ['label', 'title', 'description', 'creditLine'] as const

type Upload = {
  kind: AssetKind
  dataset: string
  projectId: string
  bytes: Buffer
  search: URLSearchParams
  contentType: string | undefined
  /** Where the lake serves the bytes from (its plain HTTP address, which pages and builds can fetch). */
  publicBase: string
}

/** Stores the bytes and returns the mutation that records the asset document. */
export async function storeUpload(
  dataDir: string,
  images: ImageWorkers,
  upload: Upload,
): Promise<MutationInput> {
  const {kind, dataset, projectId, bytes, search} = upload
  if (bytes.length === 0) throw badRequest('The upload is empty: send the file as the request body')
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const originalFilename = search.get('filename') ?? undefined
  const mimeFromRequest = upload.contentType?.split(';')[0]?.trim()
  let extension: string
  let name: string
  let metadata: object | undefined
  const folder = join(dataDir, 'assets', dataset)
  mkdirSync(folder, {recursive: true})
  // Written off the lake's thread (an upload may be 100 MB), under a name no asset URL matches.
  const incoming = join(folder, `${sha1}.${randomUUID()}.tmp`)
  await writeFile(incoming, bytes)
  try {
    if (kind === 'images') {
      const image = await images.analyse(incoming)
      extension = image.extension
      name = `${sha1}-${image.width}x${image.height}.${extension}`
      metadata = image.metadata
    } else {
      extension = extensionOf(originalFilename, mimeFromRequest)
      name = `${sha1}.${extension}`
    }
    const file = join(folder, name)
    if (!existsSync(file)) await rename(incoming, file)
  } finally {
    await rm(incoming, {force: true})
  }
  const path = `${kind}/${projectId}/${dataset}/${name}`
  const idStem = name.replace(/\.([a-z0-9]+)$/, '-$1')
  const fields = Object.fromEntries(
    UPLOAD_FIELDS.flatMap((field) => (search.has(field) ? [[field, search.get(field)]] : [])),
  )
  return {
    createIfNotExists: {
      _id: `${kind === 'images' ? 'image' : 'file'}-${idStem}`,
      _type: kind === 'images' ? 'sanity.imageAsset' : 'sanity.fileAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension,
      mimeType:
        kind === 'images'
          ? (MIME_TYPES[extension] ?? mimeFromRequest)
          : (mimeFromRequest ?? MIME_TYPES[extension] ?? 'application/octet-stream'),
      originalFilename,
      size: bytes.length,
      path,
      url: `${upload.publicBase}/${path}`,
      uploadId: randomUUID().replaceAll('-', ''),
      ...(metadata ? {metadata} : {}),
      ...fields,
    },
  }
}

/** Where the bytes of `/images|files/<project>/<dataset>/<name>` are kept; 404 for a name never stored. */
export function storedAssetPath(dataDir: string, dataset: string, name: string) {
  const file = join(dataDir, 'assets', dataset, name)
  if (!STORED_NAME.test(name) || !existsSync(file))
    throw notFound(`No asset named ${name} in dataset ${dataset}`)
  return file
}

/** The stored bytes of `/images|files/<project>/<dataset>/<name>`, with their content type. */
export async function readStoredAsset(
  dataDir: string,
  dataset: string,
  name: string,
): Promise<{bytes: Buffer; contentType: string}> {
  const file = storedAssetPath(dataDir, dataset, name)
  return {
    bytes: await readFile(file),
    contentType: MIME_TYPES[extname(name).slice(1)] ?? 'application/octet-stream',
  }
}

function extensionOf(filename: string | undefined, mimeType: string | undefined) {
  const fromName = filename ? extname(filename).slice(1).toLowerCase() : ''
  if (/^[a-z0-9]{1,10}$/.test(fromName)) return fromName
  const fromMime = Object.entries(MIME_TYPES).find(([, type]) => type === mimeType)?.[0]
  return fromMime ?? 'bin'
}
