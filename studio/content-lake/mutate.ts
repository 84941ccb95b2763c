// Sanity's mutations, applied as one all-or-nothing transaction; patches go through @sanity/mutator.
import {randomUUID} from 'node:crypto'
import {Mutation, type Mut} from '@sanity/mutator'
import {badRequest, mutationError} from './errors.ts'
import {runQuery} from './query.ts'
import {isValidId, type StoredDocument} from './documents.ts'

type DocumentInput = {_id?: string; _type?: string; [field: string]: unknown}
type PatchInput = {id?: string; query?: string; ifRevisionID?: string; [operation: string]: unknown}

export type MutationInput =
  | {create: DocumentInput}
  | {createIfNotExists: DocumentInput}
  | {createOrReplace: DocumentInput}
  | {delete: {id?: string; query?: string; params?: Record<string, unknown>}}
  | {patch: PatchInput}

export type MutationResult = {id: string; operation: 'create' | 'update' | 'delete'; document?: StoredDocument}

export type Transaction = {
  transactionId: string
  results: MutationResult[]
  /** The documents after the transaction; null for a deleted one. */
  changes: Map<string, StoredDocument | null>
}

const MUTATION_KINDS = ['create', 'createIfNotExists', 'createOrReplace', 'delete', 'patch'] as const

/** Reads a request body into mutations, or says which part of it is not a mutation. */
export function parseMutations(body: unknown): MutationInput[] {
  const list = (body as {mutations?: unknown} | null)?.mutations
  if (!Array.isArray(list) || list.length === 0) {
    throw badRequest('The body must be {"mutations": [...]} with at least one mutation')
  }
  list.forEach((mutation, index) => {
    const entries = typeof mutation === 'object' && mutation !== null ? Object.entries(mutation) : []
    const [kind, value] = entries.length === 1 && entries[0] ? entries[0] : []
    if (!MUTATION_KINDS.some((known) => known === kind)) {
      throw badRequest(`Mutation ${index} must have exactly one of: ${MUTATION_KINDS.join(', ')}`)
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest(`Mutation ${index} (${kind}) must be an object`)
    }
  })
  return list as MutationInput[]
}

/**
 * Applies the mutations in order to a working copy of `current` and returns what changed.
 * Any failing mutation fails the whole transaction and nothing is changed.
 */
export async function applyTransaction(
  current: ReadonlyMap<string, StoredDocument>,
  mutations: MutationInput[],
  transactionId: string = randomUUID().replaceAll('-', ''),
  now: string = new Date().toISOString(),
): Promise<Transaction> {
  const changes = new Map<string, StoredDocument | null>()
  const results: MutationResult[] = []
  const read = (id: string) => (changes.has(id) ? changes.get(id) ?? null : current.get(id) ?? null)

  const stamp = (input: DocumentInput, index: number, previous: StoredDocument | null): StoredDocument => {
    const id = input._id ?? randomUUID()
    if (!isValidId(id)) throw mutationError(400, index, 'invalidDocumentIdError', `Invalid document ID "${id}"`)
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
  const write = (doc: StoredDocument, operation: 'create' | 'update') => {
    changes.set(doc._id, doc)
    results.push({id: doc._id, operation, document: doc})
  }

  /** The ids a GROQ query selects from the documents as this transaction has left them so far. */
  const select = async (query: string, params: Record<string, unknown> = {}) => {
    const working = new Map(current)
    for (const [id, doc] of changes) {
      if (doc) working.set(id, doc)
      else working.delete(id)
    }
    const result = await runQuery(query, params, [...working.values()])
    return (Array.isArray(result) ? result : [result]).flatMap((doc) =>
      doc && typeof doc === 'object' && typeof (doc as {_id?: unknown})._id === 'string' ? [(doc as {_id: string})._id] : [],
    )
  }

  for (const [index, mutation] of mutations.entries()) {
    if ('create' in mutation) {
      const doc = stamp(mutation.create, index, null)
      if (read(doc._id)) {
        throw mutationError(409, index, 'documentAlreadyExistsError', `Document by ID "${doc._id}" already exists`)
      }
      write(doc, 'create')
    } else if ('createIfNotExists' in mutation) {
      const id = mutation.createIfNotExists._id
      if (!id) throw mutationError(400, index, 'validationError', 'createIfNotExists needs an _id')
      if (!read(id)) write(stamp(mutation.createIfNotExists, index, null), 'create')
    } else if ('createOrReplace' in mutation) {
      const id = mutation.createOrReplace._id
      if (!id) throw mutationError(400, index, 'validationError', 'createOrReplace needs an _id')
      const previous = read(id)
      write(stamp(mutation.createOrReplace, index, previous), previous ? 'update' : 'create')
    } else if ('delete' in mutation) {
      const {id, query, params} = mutation.delete
      if (!id && !query) throw mutationError(400, index, 'validationError', 'A delete needs an id or a query')
      for (const target of id ? [id] : await select(query!, params)) {
        if (!read(target)) continue
        changes.set(target, null)
        results.push({id: target, operation: 'delete'})
      }
    } else {
      const {id, ifRevisionID} = mutation.patch
      if (!id) throw mutationError(400, index, 'validationError', 'The embedded Content Lake patches by id only')
      const previous = read(id)
      if (!previous) {
        throw mutationError(409, index, 'documentNotFoundError', `Cannot modify nonexistent document "${id}"`)
      }
      if (ifRevisionID !== undefined && ifRevisionID !== previous._rev) {
        throw mutationError(
          409,
          index,
          'documentRevisionIDDoesNotMatchError',
          `Document "${id}" has unexpected revision ID ("${previous._rev}"), expected "${ifRevisionID}"`,
        )
      }
      write(stamp(patchDocument(previous, mutation.patch, index), index, previous), 'update')
    }
  }
  return {transactionId, results, changes}
}

function patchDocument(previous: StoredDocument, patch: PatchInput, index: number): DocumentInput {
  const {ifRevisionID: _checkedBefore, ...operations} = patch
  try {
    // The operations are checked by the mutator itself, which throws on any it cannot apply.
    const mutation = {patch: {...operations, id: previous._id}} as Mut
    const patched = new Mutation({mutations: [mutation]}).apply(previous)
    if (!patched) throw new Error('the patch removed the document')
    const {_id, _type} = patched as DocumentInput
    if (_id !== previous._id || _type !== previous._type) throw new Error('a patch cannot change _id or _type')
    return patched as DocumentInput
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw mutationError(400, index, 'invalidPatchError', `Invalid patch for "${previous._id}": ${reason}`)
  }
}
