// The asset endpoints: `POST /assets/images|files/<dataset>` stores an upload and records its asset document;
// `GET /images|files/<project>/<dataset>/<name>` serves the stored bytes or, for an image URL with Sanity's
// transformation parameters, the variant they ask for (imageVariants.ts). Every answer carries the headers that
// keep an uploaded document inert on the lake's origin (assetHeaders.ts).
import {send} from '@quantedge/server-kit/send'
import {assetHeaders} from '../images/assetHeaders.ts'
import {readStoredAsset, storeUpload, type AssetKind} from '../images/assets.ts'
import {datasetOf} from './dataApi.ts'
import {unauthorized} from '../documents/errors.ts'
import {asksForTransform} from '../images/imageParams.ts'
import type {LakeRequest} from './lakeRequest.ts'

/** Stored assets and variants never change, so caches may keep them for a year. */
const LONG_CACHE = 'public, max-age=31536000, immutable'

/** `POST /assets/images|files/<dataset>`: the bytes stored, and the asset document that describes them. */
export async function uploadAsset(request: LakeRequest) {
  const {lake} = request
  if (!request.authenticated) throw unauthorized('Uploads need a token with write access')
  const dataset = datasetOf(request)
  const mutation = await storeUpload(lake.store.dataDir, lake.images, {
    kind: request.params.kind as AssetKind,
    dataset,
    projectId: lake.projectId,
    bytes: request.body,
    search: request.search,
    contentType: request.contentType,
    publicBase: lake.publicUrl,
  })
  const id = 'createIfNotExists' in mutation ? mutation.createIfNotExists._id : undefined
  const transaction = await lake.transactions.commit(dataset, {mutations: () => [mutation]})
  send(request.res, 200, {
    document: transaction.changes.get(id ?? '') ?? lake.store.documents(dataset).get(id ?? ''),
  })
}

/**
 * `GET /images|files/<project>/<dataset>/<name>`, for anyone: the stored bytes, or the variant an image URL's
 * parameters ask for; a variant whose format `Accept` chose says so with `Vary: Accept`.
 */
export async function serveAsset({res, lake, params, search, accept}: LakeRequest) {
  const dataset = params.dataset ?? ''
  const name = params.name ?? ''
  const download = search.get('dl')
  if (params.kind === 'images' && asksForTransform(search)) {
    const variant = await lake.variants.variant(dataset, name, search, accept)
    send(res, 200, variant.bytes, {
      'Content-Type': variant.contentType,
      'Cache-Control': LONG_CACHE,
      'X-Cache': variant.kept ? 'HIT' : 'MISS',
      ...(variant.byAccept ? {Vary: 'Accept'} : {}),
      ...assetHeaders(variant.contentType, name, download),
    })
    return
  }
  const {bytes, contentType} = await readStoredAsset(lake.store.dataDir, dataset, name)
  send(res, 200, bytes, {
    'Content-Type': contentType,
    'Cache-Control': LONG_CACHE,
    ...assetHeaders(contentType, name, download),
  })
}
