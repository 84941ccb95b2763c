// `GET /v<version>/data/export/<dataset>`: Sanity's Export API (https://www.sanity.io/docs/http-reference/export,
// https://www.sanity.io/docs/export), which `sanity dataset export` (@sanity/export) and `sanity migration run`
// (@sanity/migrate) read. Every document as NDJSON, one a line, in the dataset's order, "in the state they were
// when the request was made": the snapshot is taken before the first await (store/datasetSnapshot.ts) and streamed
// a chunk at a time as the client takes it, so the lake holds a chunk, not the dataset twice. As with queries, a
// token shows everything (drafts, release versions, release documents, asset documents) and no token only
// "publicly available documents" (the published ones). `types=a,b` keeps those `_type`s, as both clients ask.
// As Sanity's, a scheduled release goes out active, without its time: an import into another dataset does not
// schedule it again (sanity-io/sanity#10941). An asset document's `url` is the lake's address now, where the
// export downloads it from, whatever port the lake had when it was uploaded.
// Errors are one JSON line with `error`, which both clients read as the export's failure (@sanity/export
// rejectOnApiError.js; @sanity/migrate safeJsonParser). An answer cut short (the lake stopping or failing) ends with
// its connection dropped, never as a whole answer: a clean end would make an export succeed with what it had.
import {setImmediate as nextTurn} from 'node:timers/promises'
import {serverLog} from '@quantedge/server-kit/log'
import {datasetOf} from './dataApi.ts'
import {isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {badRequest, LakeError, notFound} from '../documents/errors.ts'
import type {Lake, LakeRequest} from './lakeRequest.ts'
import {isReleaseDocument, RELEASE_DOCUMENTS_PREFIX} from '../documents/releaseDocuments.ts'
import type {SnapshotView} from '../store/datasetSnapshot.ts'

/** The lake's own bound: each export keeps its snapshot's replaced documents until they are out. */
export const MAX_EXPORTS = 4

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])
const isAssetId = (id: string) => id.startsWith('image-') || id.startsWith('file-')

/** What the streaming response offers besides what `send` needs (Node's http and http2 responses both do). */
type StreamedResponse = LakeRequest['res'] & {
  once(event: 'drain' | 'close', listener: () => void): unknown
  destroy(): unknown
}

const exporting = new WeakMap<Lake, number>()

const tooManyExports = () =>
  new LakeError(
    429,
    {
      statusCode: 429,
      error: 'Too Many Requests',
      message: `At most ${MAX_EXPORTS} exports run at once on the embedded Content Lake; try again shortly`,
    },
    'Too many exports',
    {'Retry-After': '5'},
  )

/** The document as the export shows it. */
function shownDocument(doc: StoredDocument, publicUrl: string): StoredDocument {
  if (ASSET_TYPES.has(doc._type) && typeof doc.path === 'string')
    return {...doc, url: `${publicUrl}/${doc.path}`}
  if (isReleaseDocument(doc) && doc.state === 'scheduled') {
    const {publishAt: _time, ...unscheduled} = doc
    return {...unscheduled, state: 'active'}
  }
  return doc
}

function viewOf(request: LakeRequest): SnapshotView {
  const named = (request.search.get('types') ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean)
  const types = named.length > 0 ? named : undefined
  const {authenticated, lake} = request
  return {
    includes: (id) => authenticated || !isPrivateId(id),
    reads: (id) => types !== undefined || isAssetId(id) || id.startsWith(RELEASE_DOCUMENTS_PREFIX),
    shown: (doc) =>
      types && !types.includes(doc._type) ? undefined : shownDocument(doc, lake.publicUrl),
  }
}

/** `GET /data/export/<dataset>`. */
export async function exportDataset(request: LakeRequest) {
  const {lake, search} = request
  const res = request.res as StreamedResponse
  const dataset = datasetOf(request)
  // Sanity's cursor mode (`nextCursor=`) may end after 30 s with a cursor; the lake streams it all, so it never
  // gives one, and a cursor it never gave is refused.
  const cursor = search.get('nextCursor')
  if (cursor) throw badRequest(`Invalid cursor "${cursor}": this export gave none`)
  const snapshot = lake.store.snapshot(dataset)
  if (!snapshot) throw notFound(`Dataset "${dataset}" not found`)
  const running = exporting.get(lake) ?? 0
  if (running >= MAX_EXPORTS) throw tooManyExports()
  exporting.set(lake, running + 1)
  // Over once the connection is gone: the client's going, or the lake stopping (it drops every connection). The
  // answer is then never ended, so no client takes what came for a whole export.
  let over = false
  const ended = new Promise<void>((resolve) => {
    res.once('close', () => {
      over = true
      resolve()
    })
  })
  try {
    res.writeHead(200, {'Content-Type': 'application/x-ndjson'})
    for (const chunk of snapshot.chunks(viewOf(request))) {
      if (over) break
      const drained = res.write(chunk)
        ? nextTurn()
        : new Promise<void>((resolve) => res.once('drain', resolve))
      await Promise.race([drained, ended])
    }
    if (!over) res.end()
  } catch (error) {
    if (!res.headersSent) throw error
    serverLog('content-lake').error({err: error}, 'an export failed')
    res.destroy()
  } finally {
    exporting.set(lake, (exporting.get(lake) ?? 1) - 1)
  }
}
