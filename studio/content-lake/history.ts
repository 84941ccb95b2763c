// `/data/history/<dataset>/…`: the lake keeps no transaction log, so the Studio's history shows the current
// revision only. The answers have the shapes the Studio reads (an empty events list per document, an empty
// NDJSON transaction stream) so its panels stay quiet instead of reporting errors.
import type {StoredDocument} from './documents.ts'
import {routeNotFound, send, type LakeResponse} from './http.ts'

export function answerHistory(res: LakeResponse, path: string, documents: ReadonlyMap<string, StoredDocument>) {
  const [kind, ...rest] = path.split('/')
  const ids = (kind === 'events' ? rest.slice(1) : rest).join('/').split(',').filter(Boolean)
  if (kind === 'transactions') return send(res, 200, '', {'Content-Type': 'application/x-ndjson'})
  if (kind === 'events') return send(res, 200, {events: Object.fromEntries(ids.map((id) => [id, []])), nextCursor: ''})
  if (kind === 'documents') return send(res, 200, {documents: ids.flatMap((id) => documents.get(id) ?? [])})
  throw routeNotFound(`/data/history/${path}`)
}
