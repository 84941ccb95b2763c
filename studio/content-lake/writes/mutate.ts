// Sanity's mutations, applied as one all-or-nothing transaction; patches go through @sanity/mutator.
import {randomUUID} from 'node:crypto'
import {nestingDepth} from '@quantedge/server-kit/depth'
import {MAX_DOCUMENT_DEPTH} from '../documents/depth.ts'
import {badRequest, mutationError} from '../documents/errors.ts'
import {isValidId, type StoredDocument} from '../documents/documents.ts'
import {applyPatch, patchProblem} from './patches.ts'

type DocumentInput = {_id?: string; _type?: string; [field: string]: unknown}
type PatchInput = {id?: string; query?: string; ifRevisionID?: string; [operation: string]: unknown}

export type MutationInput =
  | {create: DocumentInput}
  | {createIfNotExists: DocumentInput}
  | {createOrReplace: DocumentInput}
  | {delete: {id?: string; query?: string; params?: Record<string, unknown>}}
  | {patch: PatchInput}

export type MutationResult = {
  id: string
  operation: 'create' | 'update' | 'delete'
  document?: StoredDocument
}

export type Transaction = {
  transactionId: string
  results: MutationResult[]
  /** The documents after the transaction; null for a deleted one. */
  changes: Map<string, StoredDocument | null>
}

/** Told of each document a transaction writes or deletes, before it is stored; throws to refuse the whole. */
export type WriteGuard = (change: {
  id: string
  before: StoredDocument | null
  after: StoredDocument | null
  index: number
}) => void

/**
 * Runs a GROQ query over the dataset as committed with `pending` (this transaction's changes so far) laid over
 * it, as the lake's query workers do, with their time budget.
 */
export type QueryRunner = (
  query: string,
  params: Record<string, unknown>,
  pending: ReadonlyMap<string, StoredDocument | null>,
) => Promise<unknown>

const MUTATION_KINDS = [
  'create',
  'createIfNotExists',
  'createOrReplace',
  'delete',
  'patch',
] as const
const DOCUMENT_KINDS = new Set(['create', 'createIfNotExists', 'createOrReplace'])

/** Reads a request body into mutations, or says which part of it is not a mutation. */
export function parseMutations(body: unknown): MutationInput[] {
  const list = (body as {mutations?: unknown} | null)?.mutations
  if (!Array.isArray(list) || list.length === 0) {
    throw badRequest('The body must be {"mutations": [...]} with at least one mutation')
  }
  list.forEach((mutation, index) => {
    const entries =
      typeof mutation === 'object' && mutation !== null ? Object.entries(mutation) : []
    const [kind, value] = entries.length === 1 && entries[0] ? entries[0] : []
    if (!MUTATION_KINDS.some((known) => known === kind)) {
      throw badRequest(`Mutation ${index} must have exactly one of: ${MUTATION_KINDS.join(', ')}`)
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest(`Mutation ${index} (${kind}) must be an object`)
    }
    const problem = mutationProblem(kind ?? '', value as Record<string, unknown>)
    if (problem) throw mutationError(400, index, problem.type, problem.description)
  })
  return list as MutationInput[]
}

const textOrAbsent = (value: unknown) => value === undefined || typeof value === 'string'

/** What Sanity would refuse in one mutation before applying anything, or undefined. */
function mutationProblem(
  kind: string,
  value: Record<string, unknown>,
): {type: string; description: string} | undefined {
  if (DOCUMENT_KINDS.has(kind) && !textOrAbsent(value._id)) {
    return {
      type: 'invalidDocumentIdError',
      description: `${kind}: the document's _id must be a string`,
    }
  }
  if (kind === 'delete' && (!textOrAbsent(value.id) || !textOrAbsent(value.query))) {
    return {type: 'validationError', description: 'delete: id and query must be strings'}
  }
  if (kind !== 'patch') return undefined
  if (!textOrAbsent(value.id) || !textOrAbsent(value.query) || !textOrAbsent(value.ifRevisionID)) {
    return {
      type: 'validationError',
      description: 'patch: id, query and ifRevisionID must be strings',
    }
  }
  const problem = patchProblem(value)
  return problem ? {type: 'invalidPatchError', description: problem} : undefined
}

/**
 * Applies the mutations in order to a working copy of `current` and returns what changed. `guard` sees each
 * document written or deleted, with the index of the mutation that did it, and may refuse it.
 * Any failing mutation fails the whole transaction and nothing is changed.
 */
export async function applyTransaction(
  current: ReadonlyMap<string, StoredDocument>,
  mutations: MutationInput[],
  runQuery: QueryRunner,
  {
    transactionId = randomUUID().replaceAll('-', ''),
    now = new Date().toISOString(),
    guard = () => undefined,
  }: {transactionId?: string | undefined; now?: string; guard?: WriteGuard} = {},
): Promise<Transaction> {
  const changes = new Map<string, StoredDocument | null>()
  const results: MutationResult[] = []
  const read = (id: string) =>
    changes.has(id) ? (changes.get(id) ?? null) : (current.get(id) ?? null)

  const stamp = (
    input: DocumentInput,
    index: number,
    previous: StoredDocument | null,
  ): StoredDocument => {
    const id = input._id ?? randomUUID()
    if (!isValidId(id))
      throw mutationError(400, index, 'invalidDocumentIdError', `Invalid document ID "${id}"`)
    if (typeof input._type !== 'string' || input._type === '') {
      throw mutationError(400, index, 'validationError', `Document "${id}" has no _type`)
    }
    return {
      ...input,
      _id: id,
      _type: input._type,
      _rev: transactionId,
      _createdAt: previous?._createdAt ?? now,
      _updatedAt: now,
    }
  }
  const write = (doc: StoredDocument, operation: 'create' | 'update', index: number) => {
    if (nestingDepth(doc, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
      const description = `Document "${doc._id}" nests deeper than ${MAX_DOCUMENT_DEPTH} levels of attributes`
      throw mutationError(400, index, 'validationError', description)
    }
    guard({id: doc._id, before: read(doc._id), after: doc, index})
    changes.set(doc._id, doc)
    results.push({id: doc._id, operation, document: doc})
  }

  /** The ids a GROQ query selects from the documents as this transaction has left them so far. */
  const select = async (query: string, params: Record<string, unknown> = {}) => {
    const result = await runQuery(query, params, changes)
    return (Array.isArray(result) ? result : [result]).flatMap((doc) =>
      doc && typeof doc === 'object' && typeof (doc as {_id?: unknown})._id === 'string'
        ? [(doc as {_id: string})._id]
        : [],
    )
  }

  for (const [index, mutation] of mutations.entries()) {
    if ('create' in mutation) {
      const doc = stamp(mutation.create, index, null)
      if (read(doc._id)) {
        throw mutationError(
          409,
          index,
          'documentAlreadyExistsError',
          `Document by ID "${doc._id}" already exists`,
        )
      }
      write(doc, 'create', index)
    } else if ('createIfNotExists' in mutation) {
      const id = mutation.createIfNotExists._id
      if (!id) throw mutationError(400, index, 'validationError', 'createIfNotExists needs an _id')
      if (!read(id)) write(stamp(mutation.createIfNotExists, index, null), 'create', index)
    } else if ('createOrReplace' in mutation) {
      const id = mutation.createOrReplace._id
      if (!id) throw mutationError(400, index, 'validationError', 'createOrReplace needs an _id')
      const previous = read(id)
      write(stamp(mutation.createOrReplace, index, previous), previous ? 'update' : 'create', index)
    } else if ('delete' in mutation) {
      const {id, query, params} = mutation.delete
      if (!id && !query)
        throw mutationError(400, index, 'validationError', 'A delete needs an id or a query')
      for (const target of id ? [id] : await select(query!, params)) {
        const before = read(target)
        if (!before) continue
        guard({id: target, before, after: null, index})
        changes.set(target, null)
        results.push({id: target, operation: 'delete'})
      }
    } else {
      const {id, ifRevisionID} = mutation.patch
      if (!id)
        throw mutationError(
          400,
          index,
          'validationError',
          'The embedded Content Lake patches by id only',
        )
      const previous = read(id)
      if (!previous) {
        throw mutationError(
          409,
          index,
          'documentNotFoundError',
          `Cannot modify nonexistent document "${id}"`,
        )
      }
      if (ifRevisionID !== undefined && ifRevisionID !== previous._rev) {
        throw mutationError(
          409,
          index,
          'documentRevisionIDDoesNotMatchError',
          `Document "${id}" has unexpected revision ID ("${previous._rev}"), expected "${ifRevisionID}"`,
        )
      }
      write(stamp(applyPatch(previous, mutation.patch, index), index, previous), 'update', index)
    }
  }
  return {transactionId, results, changes}
}
