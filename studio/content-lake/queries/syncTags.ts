// Sync tags: which content a query's answer depends on, returned as `syncTags` with every query answer and sent
// in the Live Content API's `message` events when that content changes, so a reader refetches (or re-renders)
// only what a change touches. Sanity's tags are opaque strings and a reader only compares them for equality
// (https://www.sanity.io/docs/live-api-reference, "Sync Tags"); the lake's are `s1:` and a hash of a document
// tag (@quantedge/content-access/documentTags), which says what the query names.
import {createHash} from 'node:crypto'
import type {ExprNode} from 'groq-js'
import {changeDocumentTags, queryDocumentTags} from '@quantedge/content-access/documentTags'
import type {StoredDocument} from '../documents/documents.ts'

const syncTag = (name: string) =>
  `s1:${createHash('sha256').update(name).digest('base64url').slice(0, 12)}`

const hashed = (names: readonly string[]) => [...new Set(names.map(syncTag))].sort()

/** The sync tags of a parsed query, sorted and without repeats. */
export const querySyncTags = (tree: ExprNode): string[] => hashed(queryDocumentTags(tree))

/** The tags one change invalidates: the dataset-wide tag, and the ids and types before and after. */
export function changeSyncTags(
  changes: readonly {id: string; before: StoredDocument | null; after: StoredDocument | null}[],
): string[] {
  return hashed(
    changeDocumentTags(
      changes.map(({id, before, after}) => ({
        id,
        types: [before, after].flatMap((doc) => (doc ? [doc._type] : [])),
      })),
    ),
  )
}
