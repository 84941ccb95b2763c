// A migration in Sanity's layout (`defineMigration`) run as `sanity migration run` runs one (@sanity/migrate 8.0.5
// runner/run.ts), from @sanity/migrate's own pieces, over this project's @sanity/client: @sanity/migrate's `run`
// always calls a project's own hostname (fetch-utils/sanityRequestOptions.ts), which the embedded lake has not,
// while the client's own address reaches the lake and a Sanity project alike.
// - The documents come from the Export API (`?types=` the migration's `documentTypes`, tag `sanity.migration.export`),
//   read with @sanity/migrate's NDJSON parser and `safeJsonParser` (an error line fails the run), kept in a temporary
//   file so `context.filtered` can read them again, and filtered as runner/utils/applyFilters.ts does: no `_.` ids,
//   the `documentTypes`, the GROQ `filter` (groq-js, as it-utils/groqFilter.ts).
// - `collectMigrationMutations` runs the migration; @sanity/mutate's `SanityEncoder` makes Content Lake mutations of
//   what it returns (runner/utils/toSanityMutations.ts), packed in batches of at most 256 KB (runner/constants.ts);
//   a migration's own `transaction(...)` is a batch of its own.
// - A dry run stops there. Otherwise each batch is committed with a transaction id chosen here, with
//   `autoGenerateArrayKeys`, `visibility=async` and tag `sanity.migration.mutate`, six at a time
//   (DEFAULT_MUTATION_CONCURRENCY). If one fails, the batches that got no answer are named: they may or may not
//   have been written (runner/errors.ts).
import {randomUUID} from 'node:crypto'
import {createReadStream, createWriteStream} from 'node:fs'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {finished} from 'node:stream/promises'
import type {Mutation as RawMutation, SanityClient} from '@sanity/client'
import {
  ALLOWED_PROPERTIES,
  collectMigrationMutations,
  decodeText,
  DEFAULT_MUTATION_CONCURRENCY,
  parse,
  safeJsonParser,
  type Migration,
  type MigrationContext,
  type Mutation,
  type Transaction,
} from '@sanity/migrate'
import {SanityEncoder} from '@sanity/mutate'
import type {SanityDocument} from '@sanity/types'
import {evaluate, parse as parseGroq} from 'groq-js'
import {eachAtOnce} from '../eachAtOnce.ts'
import {temporaryFolder} from '../temporaryFolder.ts'

const MAX_BATCH_BYTES = 256 * 1024

export type MigrationBatch = {transactionId: string; mutations: RawMutation[]}

export type MigrationReport = {
  /** The documents the migration was given. */
  documents: number
  mutations: number
  batches: number
  /** The transaction ids of the batches committed (none in a dry run). */
  committed: string[]
}

/** The batches that got no answer when a run failed: each may or may not have been written. */
export class UnansweredBatchesError extends Error {
  readonly transactionIds: string[]

  constructor(transactionIds: string[], historyUrl: string, cause: unknown) {
    super(
      [
        `${(cause as Error).message}`,
        `${transactionIds.length} batches got no answer: each may or may not have been written. Look them up in the history before running the migration again (it would apply an append, insert, inc or create twice):`,
        ...transactionIds.map(
          (id) => `  ${historyUrl}?fromTransaction=${id}&limit=1&excludeContent=true`,
        ),
      ].join('\n'),
      {cause},
    )
    this.transactionIds = transactionIds
  }
}

/** The documents of `types` (all when none), from the Export API at the client's address. */
async function* exportedDocuments(client: SanityClient, types: readonly string[] = []) {
  const {dataset, token} = client.config()
  const url = new URL(client.getUrl(`/data/export/${dataset}`))
  if (types.length > 0) url.searchParams.set('types', types.join(','))
  url.searchParams.set('tag', 'sanity.migration.export')
  const response = await fetch(url, token ? {headers: {Authorization: `Bearer ${token}`}} : {})
  if (!response.ok || !response.body)
    throw new Error(`The Export API answered ${response.status}: ${await response.text()}`)
  yield* parse<SanityDocument>(decodeText(response.body.values()), {parse: safeJsonParser})
}

/** The migration's own filters, as @sanity/migrate runner/utils/applyFilters.ts applies them. */
async function* filtered(migration: Migration, documents: AsyncIterable<SanityDocument>) {
  const filter = migration.filter ? parseGroq(`*[${migration.filter}]`) : undefined
  const types = migration.documentTypes ?? []
  for await (const doc of documents) {
    if (doc._id.startsWith('_.')) continue
    if (types.length > 0 && !types.includes(doc._type)) continue
    if (filter && (await (await evaluate(filter, {dataset: [doc]})).get()).length !== 1) continue
    yield doc
  }
}

/** The documents kept in a file, one a line: read again as often as the migration asks. */
async function keptInFile(documents: AsyncIterable<SanityDocument>, file: string) {
  const out = createWriteStream(file)
  for await (const doc of documents) {
    if (!out.write(`${JSON.stringify(doc)}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  out.end()
  await finished(out)
  return async function* read(): AsyncIterableIterator<SanityDocument> {
    const lines = createInterface({input: createReadStream(file), crlfDelay: Infinity})
    for await (const line of lines) if (line !== '') yield JSON.parse(line) as SanityDocument
  }
}

/** A client limited to what a migration may call (@sanity/migrate runner/utils/createContextClient.ts). */
function restricted(client: SanityClient): MigrationContext['client'] {
  return new Proxy(client, {
    get: (target, property) => {
      if (
        typeof property === 'string' &&
        (ALLOWED_PROPERTIES as readonly string[]).includes(property)
      )
        return target[property as keyof SanityClient]
      throw new Error(
        `Client method "${String(property)}" can not be called during a migration. Only ${ALLOWED_PROPERTIES.join(', ')} are allowed.`,
      )
    },
  })
}

const isTransaction = (value: Mutation | Transaction): value is Transaction =>
  value.type === 'transaction'

/** Content Lake mutations in batches of at most 256 KB; a migration's transaction alone in its own. */
async function* batches(
  produced: AsyncIterable<(Mutation | Transaction)[] | Mutation | Transaction>,
) {
  let current: RawMutation[] = []
  let bytes = 0
  const flush = function* () {
    if (current.length > 0) yield {transactionId: randomUUID(), mutations: current}
    current = []
    bytes = 0
  }
  for await (const output of produced) {
    for (const item of Array.isArray(output) ? output : [output]) {
      if (isTransaction(item)) {
        yield* flush()
        yield {
          transactionId: item.id ?? randomUUID(),
          mutations: SanityEncoder.encodeAll(item.mutations as never[]) as RawMutation[],
        }
        continue
      }
      const encoded = SanityEncoder.encodeAll([item] as never[]) as RawMutation[]
      const size = JSON.stringify(encoded).length
      if (bytes + size > MAX_BATCH_BYTES) yield* flush()
      current.push(...encoded)
      bytes += size
    }
  }
  yield* flush()
}

export async function runMigration(
  migration: Migration,
  client: SanityClient,
  {dryRun, onBatch = () => undefined}: {dryRun: boolean; onBatch?: (batch: MigrationBatch) => void},
): Promise<MigrationReport> {
  const {path: work, remove: removeWork} = temporaryFolder('content-migration-')
  try {
    let documents = 0
    const read = await keptInFile(
      filtered(migration, exportedDocuments(client, migration.documentTypes)),
      join(work, 'documents.ndjson'),
    )
    const find = async <T extends SanityDocument>(ids: string[]) => {
      const found = new Map<string, T>()
      for await (const doc of read()) if (ids.includes(doc._id)) found.set(doc._id, doc as T)
      return ids.flatMap((id) => (found.has(id) ? [found.get(id) as T] : []))
    }
    const context: MigrationContext = {
      client: restricted(client.withConfig({requestTagPrefix: 'sanity.migration'})),
      dryRun,
      filtered: {
        getDocument: async <T extends SanityDocument>(id: string) => (await find<T>([id]))[0],
        getDocuments: find,
      },
    }
    const counted = async function* () {
      for await (const doc of read()) {
        documents += 1
        yield doc
      }
    }
    const report: MigrationReport = {documents: 0, mutations: 0, batches: 0, committed: []}
    const unanswered = new Set<string>()
    const commit = async (batch: MigrationBatch) => {
      unanswered.add(batch.transactionId)
      try {
        await client.mutate(batch.mutations, {
          transactionId: batch.transactionId,
          autoGenerateArrayKeys: true,
          visibility: 'async',
          tag: 'sanity.migration.mutate',
          returnDocuments: false,
        })
        unanswered.delete(batch.transactionId)
        report.committed.push(batch.transactionId)
        onBatch(batch)
      } catch (error) {
        // A refusal (4xx) wrote nothing; no answer, or a server error, leaves the outcome unknown.
        const status = (error as {statusCode?: number}).statusCode
        if (status !== undefined && status < 500) unanswered.delete(batch.transactionId)
        throw error
      }
    }
    try {
      await eachAtOnce(
        batches(collectMigrationMutations(migration, counted, context)),
        DEFAULT_MUTATION_CONCURRENCY,
        async (batch) => {
          report.batches += 1
          report.mutations += batch.mutations.length
          if (dryRun) onBatch(batch)
          else await commit(batch)
        },
      )
    } catch (error) {
      if (unanswered.size === 0) throw error
      const history = client.getUrl(`/data/history/${client.config().dataset}/transactions`)
      throw new UnansweredBatchesError([...unanswered], history, error)
    }
    return {...report, documents}
  } finally {
    removeWork()
  }
}
