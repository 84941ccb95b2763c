// A release publish that would leave a published document strongly referencing one that is not published is a
// conflict: the Content Lake refuses strong references to missing documents (https://www.sanity.io/docs/content-lake/
// references: "strong" references must point at an existing document; `_weak: true` ones need not), so
// the whole release stays unpublished and, for a scheduled publish, records why (releaseScheduler.ts).
import {isDraftId, type StoredDocument} from '../documents/documents.ts'
import {versionParts} from '../documents/releaseDocuments.ts'

function strongReferences(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) strongReferences(item, found)
  else if (typeof value === 'object' && value !== null) {
    const {_ref: ref, _weak: weak} = value as {_ref?: unknown; _weak?: unknown}
    if (typeof ref === 'string') {
      if (weak !== true) found.add(ref)
      return found
    }
    for (const field of Object.values(value)) strongReferences(field, found)
  }
  return found
}

const isPublishedId = (id: string) => !isDraftId(id) && !versionParts(id) && !id.startsWith('_.')

/**
 * The first strong reference the publish would leave dangling, as Sanity words it, or undefined. `outcome` maps
 * each published id the release changes to its new document, or null where the release unpublishes it.
 */
export function danglingReference(
  documents: ReadonlyMap<string, StoredDocument>,
  outcome: ReadonlyMap<string, StoredDocument | null>,
): string | undefined {
  const exists = (id: string) => (outcome.has(id) ? outcome.get(id) !== null : documents.has(id))
  const unpublished = new Set([...outcome].flatMap(([id, doc]) => (doc === null ? [id] : [])))
  const untouched = [...documents.values()].filter(
    (doc) => isPublishedId(doc._id) && !outcome.has(doc._id),
  )
  // What the release publishes must point at documents that will be published; what it leaves must not point
  // at documents it unpublishes.
  const checked = [
    ...[...outcome.values()].flatMap((doc) => (doc ? [{doc, targets: undefined}] : [])),
    ...(unpublished.size > 0 ? untouched.map((doc) => ({doc, targets: unpublished})) : []),
  ]
  for (const {doc, targets} of checked) {
    for (const target of strongReferences(doc, new Set())) {
      if ((targets === undefined || targets.has(target)) && !exists(target))
        return `Document "${doc._id}" references non-existent document "${target}"`
    }
  }
  return undefined
}
