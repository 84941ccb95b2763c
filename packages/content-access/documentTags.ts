// Document tags: the content a query names, as readable names (`type:indicator`, `id:siteSettings`, or `*` for
// the whole dataset). Two kinds of tag exist because two kinds of notice do: the Live Content API sends sync
// tags, which are Sanity's and opaque (https://www.sanity.io/docs/live-api-reference, "Sync Tags"; the lake's
// are these names hashed, in syncTags.ts), while a GROQ-powered webhook carries a document's `_id` and `_type`
// (https://www.sanity.io/docs/webhooks), which only names like these can be matched against.
//
// The names come from the query's syntax tree: a document set `*[…]` whose filter requires `_type` or `_id` to
// equal one of some literals is named by those types or ids; any other document set, and any dereference (`->`,
// which may read a document of any type), is named `*`, which every change carries. Any doubt therefore means
// the broad name: a change never misses a query that read it.
import type {ExprNode} from 'groq-js'

/** The name every change carries and every unanalysable read is given. */
const DATASET = '*'
const typeName = (type: string) => `type:${type}`
const idName = (id: string) => `id:${id}`

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
  const names = literalStrings(node.op, literal)
  if (!names || names.length === 0) return undefined
  return field.name === '_type' ? {types: names} : {ids: names}
}

/**
 * The strings `==` compares with, or `in` looks in: a literal (`"x"`, `["x", "y"]`), or a parameter, which groq-js
 * parses into its value when the query's parameters are given (`$ids` holding `["a", "b"]`).
 */
function literalStrings(op: '==' | 'in', literal: ExprNode): string[] | undefined {
  const values: unknown[] | undefined =
    op === '=='
      ? [literal.type === 'Value' ? literal.value : undefined]
      : literal.type === 'Array' && literal.elements.every((element) => !element.isSplat)
        ? literal.elements.map(({value}) => (value.type === 'Value' ? value.value : undefined))
        : literal.type === 'Value' && Array.isArray(literal.value)
          ? (literal.value as unknown[])
          : undefined
  return values?.every((value) => typeof value === 'string') ? (values as string[]) : undefined
}

/**
 * The narrowest constraint a filter requires: one found on either side of an `&&` holds for the whole, and ids
 * name fewer documents than types (`_id == $id && _type == "landingPage"` is named by the id).
 */
function filterConstraint(node: ExprNode): Constraint | undefined {
  if (node.type === 'Group') return filterConstraint(node.base)
  if (node.type === 'And') {
    const sides = [filterConstraint(node.left), filterConstraint(node.right)]
    return sides.find((side) => side && 'ids' in side) ?? sides.find(Boolean)
  }
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

/** The document tags of a parsed query, sorted and without repeats. */
export function queryDocumentTags(tree: ExprNode): string[] {
  const names = new Set<string>()
  const visit = (node: ExprNode): void => {
    if (node.type === 'Everything' || node.type === 'Deref') names.add(DATASET)
    if (node.type === 'Filter' && node.base.type === 'Everything') {
      const constraint = filterConstraint(node.expr)
      if (constraint && 'types' in constraint)
        constraint.types.forEach((t) => names.add(typeName(t)))
      else if (constraint) constraint.ids.forEach((id) => names.add(idName(id)))
      else names.add(DATASET)
      visit(node.expr)
      return
    }
    children(node).forEach(visit)
  }
  visit(tree)
  return [...names].sort()
}

/** A document's id as a query in any perspective may name it: its own, and without `drafts.`/`versions.<r>.`. */
function idsOf(id: string): string[] {
  const published = id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
  return published === id ? [id] : [id, published]
}

/** The document tags changes touch: `*`, each changed id in its forms, and each type it had before or after. */
export function changeDocumentTags(
  changes: readonly {id: string; types: readonly string[]}[],
): string[] {
  const names = new Set([DATASET])
  for (const {id, types} of changes) {
    idsOf(id).forEach((name) => names.add(idName(name)))
    types.forEach((type) => names.add(typeName(type)))
  }
  return [...names].sort()
}
