// Sanity's patch operations (https://www.sanity.io/docs/http-patches): set, setIfMissing, unset, insert, inc, dec
// and diffMatchPatch, applied by @sanity/mutator in that library's order. Anything else is refused before a write,
// and so are operations whose target has the wrong type, which the mutator would skip silently (Sanity answers
// those 4xx: "Can't diff-match-patch …, because it is not a string", sanity-io/gradient#487).
import {extractWithPath, Mutation, type Mut} from '@sanity/mutator'
import {mutationError} from '../documents/errors.ts'
import type {StoredDocument} from '../documents/documents.ts'

type Operations = Record<string, unknown>

const TARGETING = new Set(['id', 'query', 'params', 'ifRevisionID'])
/** The mutator applies a patch's operations in this order; the lake applies them stage by stage, checking each. */
const STAGES = [
  ['setIfMissing', 'set', 'unset'],
  ['diffMatchPatch'],
  ['inc'],
  ['dec'],
  ['insert'],
] as const
const OPERATIONS = STAGES.flat()
const INSERT_POSITIONS = ['before', 'after', 'replace']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What is wrong with a patch's operations, in words, or undefined when nothing is. */
export function patchProblem(patch: Operations): string | undefined {
  for (const [operation, value] of Object.entries(patch)) {
    if (TARGETING.has(operation)) continue
    if (!OPERATIONS.some((known) => known === operation)) {
      return `Unknown patch operation "${operation}"; a patch may use ${OPERATIONS.join(', ')}`
    }
    const problem = operandProblem(operation, value)
    if (problem) return `${operation}: ${problem}`
  }
  return undefined
}

function operandProblem(operation: string, value: unknown): string | undefined {
  if (operation === 'unset') {
    return Array.isArray(value) && value.every((path) => typeof path === 'string')
      ? undefined
      : 'give a list of paths'
  }
  if (!isObject(value)) return 'give an object of paths'
  if (operation === 'insert') {
    const positions = INSERT_POSITIONS.filter((position) => position in value)
    if (positions.length !== 1 || typeof value[positions[0] ?? ''] !== 'string')
      return 'give one of before, after or replace as a path'
    return Array.isArray(value.items) ? undefined : 'give the items to insert as a list'
  }
  const operands = Object.values(value)
  if (
    (operation === 'inc' || operation === 'dec') &&
    !operands.every((amount) => typeof amount === 'number' && Number.isFinite(amount))
  ) {
    return 'amounts must be numbers'
  }
  if (operation === 'diffMatchPatch' && !operands.every((text) => typeof text === 'string'))
    return 'patches must be strings'
  return undefined
}

const TARGET_TYPES: Record<string, {type: string; verb: string}> = {
  diffMatchPatch: {type: 'string', verb: 'diff-match-patch'},
  inc: {type: 'number', verb: 'increment'},
  dec: {type: 'number', verb: 'decrement'},
}

/** The document after the patch, or a 400 for the mutation at `index` naming what could not be applied. */
export function applyPatch(
  previous: StoredDocument,
  patch: Operations,
  index: number,
): StoredDocument {
  const fail = (reason: string) =>
    mutationError(400, index, 'invalidPatchError', `Invalid patch for "${previous._id}": ${reason}`)
  let doc: unknown = previous
  for (const stage of STAGES) {
    const operations = Object.fromEntries(
      stage.flatMap((operation) => (operation in patch ? [[operation, patch[operation]]] : [])),
    )
    if (Object.keys(operations).length === 0) continue
    for (const [operation, paths] of Object.entries(operations)) {
      const expected = TARGET_TYPES[operation]
      if (!expected) continue
      for (const path of Object.keys(paths as Operations)) {
        const mismatch = targetsOf(path, doc, fail).some(
          ({value}) => typeof value !== expected.type,
        )
        if (mismatch)
          throw fail(`Can't ${expected.verb} "${path}", because it is not a ${expected.type}`)
      }
    }
    try {
      doc = new Mutation({mutations: [{patch: {...operations, id: previous._id}} as Mut]}).apply(
        doc as StoredDocument,
      )
    } catch (error) {
      throw fail(error instanceof Error ? error.message : String(error))
    }
  }
  if (!isObject(doc)) throw fail('the patch removed the document')
  if (doc._id !== previous._id || doc._type !== previous._type)
    throw fail('a patch cannot change _id or _type')
  return doc as StoredDocument
}

function targetsOf(path: string, doc: unknown, fail: (reason: string) => Error) {
  try {
    return extractWithPath(path, doc)
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error))
  }
}
