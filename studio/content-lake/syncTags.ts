// Sync tags: which content a query's answer depends on, returned as `syncTags` with every query answer and sent
// in the Live Content API's `message` events when that content changes, so a reader refetches (or re-renders)
// only what a change touches. Sanity's tags are opaque strings and a reader only compares them for equality
// (https://www.sanity.io/docs/live-api-reference, "Sync Tags"); the lake's are `s1:` and a hash of what they name.
//
// The lake derives them from the query's syntax tree: a document set `*[…]` whose filter requires `_type` or
// `_id` to equal one of some literals is tagged by those types or ids; any other document set, and any
// dereference (`->`, which may read a document of any type), is tagged with the dataset-wide tag, which every
// change carries. Any doubt therefore means the broad tag: a change never misses a query that read it.
import {createHash} from 'node:crypto'
import type {ExprNode} from 'groq-js'
import type {StoredDocument} from './documents.ts'

const tag = (name: string) =>
  `s1:${createHash('sha256').update(name).digest('base64url').slice(0, 12)}`

const DATASET_TAG = tag('*')
const typeTag = (type: string) => tag(`type:${type}`)
const idTag = (id: string) => tag(`id:${id}`)

type Constraint = {types: string[]} | {ids: string[]}

/** `_type == "x"`, `"x" == _type`, `_type in ["x", "y"]` and the same for `_id`, on the filtered document. */
function equalityConstraint(node: ExprNode): Constraint | undefined {
  if (node.type !== 'OpCall' || (node.op !== '==' && node.op !== 'in')) return undefined
  const [field, literal] =
    node.op === '==' && node.right.type === 'AccessAttribute'
      ? [node.right, node.left]
      : [node.left, node.right]
  if (field.type !== 'AccessAttribute' || field.base !== undefined) return undefined
  if (field.name !== '_type' && field.name !== '_id') return undefined
  const values =
    node.op === '=='
      ? [literal]
      : literal.type === 'Array' && literal.elements.every((element) => !element.isSplat)
        ? literal.elements.map((element) => element.value)
        : undefined
  if (!values || values.length === 0) return undefined
  const strings = values.map((value) =>
    value.type === 'Value' && typeof value.value === 'string' ? value.value : undefined,
  )
  if (strings.some((value) => value === undefined)) return undefined
  const names = strings as string[]
  return field.name === '_type' ? {types: names} : {ids: names}
}

/** The narrowest constraint a filter requires: one found on either side of an `&&` holds for the whole. */
function filterConstraint(node: ExprNode): Constraint | undefined {
  if (node.type === 'Group') return filterConstraint(node.base)
  if (node.type === 'And') return filterConstraint(node.left) ?? filterConstraint(node.right)
  return equalityConstraint(node)
}

const isNode = (value: unknown): value is ExprNode =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as {type?: unknown}).type === 'string'

/** Every syntax node directly below `node`, wherever the parser put it (bases, operands, lists). */
function children(node: ExprNode): ExprNode[] {
  return Object.values(node).flatMap((value: unknown) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  )
}

/** The sync tags of a parsed query, sorted and without repeats. */
export function querySyncTags(tree: ExprNode): string[] {
  const tags = new Set<string>()
  const visit = (node: ExprNode): void => {
    if (node.type === 'Everything' || node.type === 'Deref') tags.add(DATASET_TAG)
    if (node.type === 'Filter' && node.base.type === 'Everything') {
      const constraint = filterConstraint(node.expr)
      if (constraint && 'types' in constraint) constraint.types.forEach((t) => tags.add(typeTag(t)))
      else if (constraint) constraint.ids.forEach((id) => tags.add(idTag(id)))
      else tags.add(DATASET_TAG)
      visit(node.expr)
      return
    }
    children(node).forEach(visit)
  }
  visit(tree)
  return [...tags].sort()
}

/** A document's id as a query in any perspective may name it: its own, and without `drafts.`/`versions.<r>.`. */
function idsOf(id: string): string[] {
  const published = id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
  return published === id ? [id] : [id, published]
}

/** The tags one change invalidates: the dataset-wide tag, and the ids and types before and after. */
export function changeSyncTags(
  changes: readonly {id: string; before: StoredDocument | null; after: StoredDocument | null}[],
): string[] {
  const tags = new Set([DATASET_TAG])
  for (const {id, before, after} of changes) {
    idsOf(id).forEach((name) => tags.add(idTag(name)))
    for (const doc of [before, after]) if (doc) tags.add(typeTag(doc._type))
  }
  return [...tags].sort()
}
