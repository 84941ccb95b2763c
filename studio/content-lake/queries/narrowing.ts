// Query narrowing: a document set `*[filter]` whose filter requires what the query worker's indexes know
// (`_id`, `_type`, `references()`) is evaluated over the documents those indexes name instead of the whole
// dataset. groq-js still applies the whole filter to each of them, so an answer changes only if the narrowing
// left out a document the filter accepts, which it never may: the analysis narrows only on a requirement that
// holds for every accepted document (both sides of `||` narrowed, either side of `&&`), and any other filter
// (negations, functions, comparisons of other fields, parameters that are not strings) reads the whole dataset.
// Narrowed documents keep the dataset's order, so unordered answers and slices come out as without narrowing.
// A filter made only of `_id`/`_type` `==` or `in` strings, joined by `&&` and `||` (a list of a type, a document
// by id), is also decided here, as groq-js decides it, and the filtered documents take the `*[…]`'s place: groq-js
// otherwise runs its evaluator over each of a type's thousands of documents again for every query.
import type {ExprNode} from 'groq-js'
import type {DatasetCopy} from './datasetCopy.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {shownDocuments, shownIds, type PerspectiveView} from './perspective.ts'

/** The ids (as the perspective shows them) of every document a filter may accept; undefined: any document. */
type Narrowing = Set<string> | undefined

type Indexes = {copy: DatasetCopy; view: PerspectiveView}

const isString = (value: unknown) => typeof value === 'string'

/** A literal list of strings (GROQ parameters arrive here already replaced by their values). */
function stringList(node: ExprNode): string[] | undefined {
  const values: unknown[] | undefined =
    node.type === 'Value' && Array.isArray(node.value)
      ? node.value
      : node.type === 'Array'
        ? node.elements.map((element) =>
            !element.isSplat && element.value.type === 'Value' ? element.value.value : undefined,
          )
        : undefined
  return values?.every(isString) ? (values as string[]) : undefined
}

const literalString = (node: ExprNode) =>
  node.type === 'Value' && typeof node.value === 'string' ? node.value : undefined

const isField = (node: ExprNode, name: string) =>
  node.type === 'AccessAttribute' && node.base === undefined && node.name === name

const isIndexedField = (node: ExprNode) => isField(node, '_id') || isField(node, '_type')

/** Whether a shown document passes a filter; only for filters decided exactly as groq-js decides them. */
type Test = (doc: StoredDocument) => boolean

/** Which ids `references(…)` of literal strings and lists of them may accept; any other argument: no narrowing. */
function referencing(node: ExprNode & {type: 'FuncCall'}, {copy, view}: Indexes): Narrowing {
  const ids: string[] = []
  for (const arg of node.args) {
    const single = literalString(arg)
    const list = single === undefined ? stringList(arg) : [single]
    if (list === undefined) return undefined
    ids.push(...list)
  }
  return shownIds(
    view,
    ids.flatMap((id) => [...copy.referencing(id)]),
  )
}

/** The field and the strings of `field == "x"` (either side) or `field in ["x", …]`. */
function comparison(node: ExprNode): {field: ExprNode; values: string[]} | undefined {
  if (node.type !== 'OpCall') return undefined
  if (node.op === '==') {
    const [field, literal] = isIndexedField(node.left)
      ? [node.left, node.right]
      : [node.right, node.left]
    const value = literalString(literal)
    return value === undefined ? undefined : {field, values: [value]}
  }
  if (node.op !== 'in') return undefined
  const values = stringList(node.right)
  return values === undefined ? undefined : {field: node.left, values}
}

/** `_id`/`_type` `==` a string or `in` a list of strings; `references(…)` of strings. */
function requirement(node: ExprNode, indexes: Indexes): Narrowing {
  if (node.type === 'FuncCall' && node.namespace === 'global' && node.name === 'references')
    return node.args.length === 0 ? undefined : referencing(node, indexes)
  const compared = comparison(node)
  if (!compared) return undefined
  if (isField(compared.field, '_id')) return new Set(compared.values)
  if (!isField(compared.field, '_type')) return undefined
  const {copy, view} = indexes
  return shownIds(
    view,
    compared.values.flatMap((type) => [...copy.ofType(type)]),
  )
}

/**
 * The filter as a test, when it is only `_id`/`_type` `==` a string or `in` a list of strings, in groups, `&&` and
 * `||`; otherwise undefined. groq-js reads an attribute only when the document has it as its own property
 * (`AccessAttribute`), its `==` is true only for two strings that are the same (`isEqual`), and `in` a list is
 * `==` to any of its items; `&&` and `||` of such comparisons, never null, are plain booleans.
 */
export function exactTest(node: ExprNode): Test | undefined {
  if (node.type === 'Group') return exactTest(node.base)
  if (node.type === 'And' || node.type === 'Or') {
    const left = exactTest(node.left)
    const right = left && exactTest(node.right)
    if (!left || !right) return undefined
    return node.type === 'And' ? (doc) => left(doc) && right(doc) : (doc) => left(doc) || right(doc)
  }
  const compared = comparison(node)
  if (!compared || !isIndexedField(compared.field)) return undefined
  const name = isField(compared.field, '_id') ? '_id' : '_type'
  const values = new Set(compared.values)
  return (doc) => Object.hasOwn(doc, name) && values.has(doc[name] as string)
}

function narrowingOf(node: ExprNode, indexes: Indexes): Narrowing {
  if (node.type === 'Group') return narrowingOf(node.base, indexes)
  if (node.type === 'And') {
    const left = narrowingOf(node.left, indexes)
    const right = narrowingOf(node.right, indexes)
    if (!left || !right) return left ?? right
    return new Set([...left].filter((id) => right.has(id)))
  }
  if (node.type === 'Or') {
    const left = narrowingOf(node.left, indexes)
    const right = narrowingOf(node.right, indexes)
    return left && right ? new Set([...left, ...right]) : undefined
  }
  return requirement(node, indexes)
}

const isNode = (value: unknown): value is ExprNode =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as {type?: unknown}).type === 'string'

/** The node with `change` applied to every node directly below it (bases, operands, lists); literals kept. */
function mapChildren(node: ExprNode, change: (child: ExprNode) => ExprNode): ExprNode {
  if (node.type === 'Value') return node
  const entries = Object.entries(node).map(([key, value]: [string, unknown]) => [
    key,
    Array.isArray(value)
      ? value.map((item: unknown) => (isNode(item) ? change(item) : item))
      : isNode(value)
        ? change(value)
        : value,
  ])
  return Object.fromEntries(entries) as ExprNode
}

/**
 * The query with each narrowable `*[filter]` reading only the documents its filter may accept, as the view
 * shows them (`see` lets a search give each its searchable text), or, for a filter decided exactly here, with
 * the documents it accepts in its place.
 */
export function narrowQuery(
  tree: ExprNode,
  indexes: Indexes,
  see: (docs: StoredDocument[]) => unknown[],
): ExprNode {
  const narrowed = mapChildren(tree, (child) => narrowQuery(child, indexes, see))
  if (narrowed.type !== 'Filter' || narrowed.base.type !== 'Everything') return narrowed
  const ids = narrowingOf(narrowed.expr, indexes)
  if (!ids) return narrowed
  const documents = shownDocuments(indexes.view, ids)
  const test = exactTest(narrowed.expr)
  if (test) return {type: 'Value', value: see(documents.filter(test))}
  return {...narrowed, base: {type: 'Value', value: see(documents)}}
}

/** Whether the query still reads the whole dataset (`*` outside a narrowed filter). */
export function readsWholeDataset(tree: ExprNode): boolean {
  // groq-js's `releases::all()` reads the dataset (`*`) for the release documents itself.
  if (tree.type === 'Everything') return true
  if (tree.type === 'FuncCall' && tree.namespace === 'releases' && tree.name === 'all') return true
  let found = false
  mapChildren(tree, (child) => {
    found ||= readsWholeDataset(child)
    return child
  })
  return found
}
