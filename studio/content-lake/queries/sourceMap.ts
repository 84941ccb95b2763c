// Content Source Maps for `resultSourceMap` queries, which @sanity/client's stega needs to mark preview
// strings for visual editing. Sanity computes them from how the query reads each value; groq-js cannot, so
// the embedded lake maps each string in a result to the first document field holding that same string
// (drafts first). Exact for the projections this site makes; a shared string may point at another copy.
// Strings deeper than Sanity's attribute depth are not mapped, so no value can recurse without bound.
import {MAX_DOCUMENT_DEPTH} from '../documents/depth.ts'
import type {StoredDocument} from '../documents/documents.ts'

type Source = {document: number; path: number}
export type ContentSourceMap = {
  documents: {_id: string; _type: string}[]
  paths: string[]
  mappings: Record<string, {type: 'value'; source: {type: 'documentValue'} & Source}>
}

const segment = (key: string) => `['${key.replaceAll("'", "\\'")}']`

function collectStrings(
  value: unknown,
  path: string,
  found: (text: string, path: string) => void,
  depth = 0,
) {
  if (typeof value === 'string') return found(value, path)
  if (depth >= MAX_DOCUMENT_DEPTH) return
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const key =
        item && typeof item === 'object' && typeof (item as {_key?: unknown})._key === 'string'
          ? (item as {_key: string})._key
          : undefined
      collectStrings(
        item,
        `${path}${key === undefined ? `[${index}]` : `[?(@._key=='${key}')]`}`,
        found,
        depth + 1,
      )
    })
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (!key.startsWith('_')) collectStrings(child, `${path}${segment(key)}`, found, depth + 1)
    }
  }
}

export function contentSourceMap(
  result: unknown,
  documents: readonly StoredDocument[],
): ContentSourceMap {
  const map: ContentSourceMap = {documents: [], paths: [], mappings: {}}
  const sources = new Map<string, Source>()
  const ordered = [...documents].sort(
    (a, b) => Number(Boolean(b._originalId)) - Number(Boolean(a._originalId)),
  )
  for (const doc of ordered) {
    collectStrings(doc, '$', (text, path) => {
      if (sources.has(text)) return
      const id = typeof doc._originalId === 'string' ? doc._originalId : doc._id
      let document = map.documents.findIndex((known) => known._id === id)
      if (document < 0) document = map.documents.push({_id: id, _type: doc._type}) - 1
      sources.set(text, {document, path: map.paths.push(path) - 1})
    })
  }
  collectResultStrings(result, '$', (text, path) => {
    const source = sources.get(text)
    if (source) map.mappings[path] = {type: 'value', source: {type: 'documentValue', ...source}}
  })
  return map
}

/** Result paths index arrays by position, as Sanity's mappings do. */
function collectResultStrings(
  value: unknown,
  path: string,
  found: (text: string, path: string) => void,
  depth = 0,
) {
  if (typeof value === 'string') return found(value, path)
  // A result wraps documents in a few levels of its own (lists, projections).
  if (depth >= 2 * MAX_DOCUMENT_DEPTH) return
  if (Array.isArray(value))
    value.forEach((item, index) =>
      collectResultStrings(item, `${path}[${index}]`, found, depth + 1),
    )
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      collectResultStrings(child, `${path}${segment(key)}`, found, depth + 1)
  }
}
