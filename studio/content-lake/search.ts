// The Studio's search asks for `text::query()`, which groq-js does not know. The lake answers it with GROQ's
// own `match` on the same terms (prefix `*` included), and lets `[@, _id] match …` (match anywhere in the
// document) see every string field through one extra, query-local field.
import type {StoredDocument} from './documents.ts'

const TEXT_QUERY = /text::query\((\$[A-Za-z_]\w*)\)/g
const WHOLE_DOCUMENT = /\[@,\s*_id\]\s+match\s+text::query\(/g
/** Exists only in the copies of documents a search query reads; never stored, never returned. */
const SEARCHABLE_TEXT = '_lakeSearchableText'

export type SearchQuery = {query: string; readsWholeDocument: boolean}

export function rewriteTextSearch(query: string): SearchQuery {
  const wholeDocument = query.replace(WHOLE_DOCUMENT, `[${SEARCHABLE_TEXT}, _id] match text::query(`)
  return {query: wholeDocument.replace(TEXT_QUERY, '$1'), readsWholeDocument: wholeDocument !== query}
}

/** A copy of the document with all its string values (outside system fields) in one searchable field. */
export function withSearchableText(doc: StoredDocument): StoredDocument {
  return {...doc, [SEARCHABLE_TEXT]: stringsIn(doc).join('\n')}
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, field]) => (key.startsWith('_') ? [] : stringsIn(field)))
}
