// The Studio's search asks for `text::query()`, which groq-js does not know. The lake answers it with GROQ's
// own `match` on the same terms (prefix `*` included), and lets `[@, _id] match …` (match anywhere in the
// document) see every string field through one extra, query-local field. The strings are gathered without
// recursion and only down to Sanity's attribute depth, so a document nested thousands of levels deep (which an
// imported dataset could hold) cannot break the search for everyone.
import {MAX_DOCUMENT_DEPTH} from '../documents/depth.ts'
import type {StoredDocument} from '../documents/documents.ts'

const TEXT_QUERY = /text::query\((\$[A-Za-z_]\w*)\)/g
const WHOLE_DOCUMENT = /\[@,\s*_id\]\s+match\s+text::query\(/g
/** Exists only in the copies of documents a search query reads; never stored, never returned. */
const SEARCHABLE_TEXT = '_lakeSearchableText'

export type SearchQuery = {query: string; readsWholeDocument: boolean}

export function rewriteTextSearch(query: string): SearchQuery {
  const wholeDocument = query.replace(
    WHOLE_DOCUMENT,
    `[${SEARCHABLE_TEXT}, _id] match text::query(`,
  )
  return {
    query: wholeDocument.replace(TEXT_QUERY, '$1'),
    readsWholeDocument: wholeDocument !== query,
  }
}

/** A copy of the document with all its string values (outside system fields) in one searchable field. */
export function withSearchableText(doc: StoredDocument): StoredDocument {
  return {...doc, [SEARCHABLE_TEXT]: stringsIn(doc).join('\n')}
}

/** The document's strings in document order, outside system (`_`) fields and above the depth limit. */
function stringsIn(doc: StoredDocument): string[] {
  const strings: string[] = []
  const pending: [unknown, number][] = [[doc, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number]
    if (typeof value === 'string') strings.push(value)
    if (typeof value !== 'object' || value === null || depth >= MAX_DOCUMENT_DEPTH) continue
    const children = Array.isArray(value)
      ? value
      : Object.entries(value).flatMap(([key, field]) => (key.startsWith('_') ? [] : [field]))
    for (let index = children.length - 1; index >= 0; index -= 1)
      pending.push([children[index], depth + 1])
  }
  return strings
}
