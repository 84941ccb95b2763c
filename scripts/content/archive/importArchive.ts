// `npm run content -- import <file> [dataset]`: Sanity's archive restored into the configured Content Lake (the
// embedded one or a Sanity project alike) through @sanity/import, the library behind `sanity dataset import`:
// documents in batches, then the images and files uploaded (one already there, by its hash, is reused), asset
// references set and references strengthened. Before anything is written, the archive is checked (archiveCheck.ts)
// and its documents are sent as the import will send them with `dryRun`, so a document the dataset cannot take
// (an id it refuses, one that exists when creating, a locked release) is refused with its line and nothing is
// written. The uploads are not dry-run: an image or file the dataset refuses stops the import after the documents.
// Import's batches are each all or nothing, but not together; if one fails after others were written (a lake
// stopping midway, an upload refused), the error says how many documents were written, in how many whole batches.
import {existsSync, readdirSync} from 'node:fs'
import {createReadStream} from 'node:fs'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import type {
  IdentifiedSanityDocumentStub,
  ImportReleaseAction,
  Mutation,
  SanityClient,
  SanityDocumentStub,
} from '@sanity/client'
import {sanityImport} from '@sanity/import'
import {ArchiveError, unpackArchive, type UnpackedArchive} from './archiveCheck.ts'
import {eachAtOnce} from '../eachAtOnce.ts'
import {temporaryFolder} from '../temporaryFolder.ts'
import type {Progress} from './progress.ts'

/**
 * What becomes of documents the dataset holds already: refused (`create`, Sanity's default), written over
 * (`replace`, `--replace`) or kept (`missing`, `--missing`); releases likewise (fail, replace, ignore).
 */
export type ImportMode = 'create' | 'replace' | 'missing'

const OPERATIONS = {
  create: {documents: 'create', releases: 'fail'},
  replace: {documents: 'createOrReplace', releases: 'replace'},
  missing: {documents: 'createIfNotExists', releases: 'ignore'},
} as const

/** @sanity/import's batches: at most this much JSON each (batchDocuments.js), six at a time (importBatches.js). */
const BATCH_BYTES = 256 * 1024
const CONCURRENCY = 6

export type ImportReport = {documents: number; assets: number; warnings: string[]}

/** A document as the import first writes it: references weak, asset references out (@sanity/import assetRefs.js). */
function asFirstWritten(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asFirstWritten)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).filter(([field]) => field !== '_sanityAsset')
  const written = Object.fromEntries(
    entries.map(([field, inner]) => [field, asFirstWritten(inner)]),
  )
  return '_ref' in written && !('_weak' in written) ? {...written, _weak: true} : written
}

/** The archive's documents, in batches as the import sends them. */
async function* batchesOf(dataFile: string) {
  let batch: SanityDocumentStub[] = []
  let bytes = 0
  const reader = createInterface({input: createReadStream(dataFile), crlfDelay: Infinity})
  for await (const line of reader) {
    if (line.trim() === '') continue
    if (batch.length > 0 && bytes + line.length > BATCH_BYTES) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(JSON.parse(line) as SanityDocumentStub)
    bytes += line.length
  }
  if (batch.length > 0) yield batch
}

type ApiError = Error & {details?: {description?: string; items?: {index?: number}[]}}

/**
 * Every document sent as the import will send it, with `dryRun`: the dataset's refusal of any of them, with its
 * line, before anything is written.
 */
async function dryRun(client: SanityClient, archive: UnpackedArchive, mode: ImportMode) {
  const {documents: operation, releases: ifExists} = OPERATIONS[mode]
  const refusal = (doc: SanityDocumentStub | undefined, error: unknown) => {
    const line = doc?._id === undefined ? undefined : archive.lines.get(doc._id)
    const where = line === undefined ? archive.dataName : `${archive.dataName} line ${line}`
    const reason = (error as ApiError).details?.description ?? (error as Error).message
    const hint =
      mode === 'create' && /already exists/.test(reason)
        ? ' (the dataset holds it already: --replace writes over what it holds, --missing keeps it)'
        : ''
    return new ArchiveError(`${where}: ${reason}${hint}`)
  }
  await eachAtOnce(batchesOf(archive.dataFile), CONCURRENCY, async (batch) => {
    const releases = batch.filter((doc): doc is IdentifiedSanityDocumentStub =>
      String(doc._id).startsWith('_.releases.'),
    )
    // Other system documents (`_.` ids) are left out by the import, as by Sanity's.
    const documents = batch.filter(({_id}) => !_id?.startsWith('_.'))
    for (const release of releases) {
      const action: ImportReleaseAction = {
        actionType: 'sanity.action.release.import',
        releaseId: String(release.name),
        attributes: release,
        ifExists,
      }
      await client.action(action, {dryRun: true}).catch((error: unknown) => {
        throw refusal(release, error)
      })
    }
    if (documents.length === 0) return
    const mutations = documents.map((doc) => ({[operation]: asFirstWritten(doc)}) as Mutation)
    await client
      .mutate(mutations, {dryRun: true, visibility: 'async', tag: 'sanity.import.check'})
      .catch((error: unknown) => {
        const index = (error as ApiError).details?.items?.[0]?.index
        throw refusal(index === undefined ? undefined : documents[index], error)
      })
  })
}

/** What an import had written when it failed: batches written whole, and batches whose outcome is unknown. */
export type Written = {
  /** The ids of each batch (and release) the dataset took: each written whole. */
  batches: string[][]
  /** Batches sent whose answer never came (the connection lost): each written whole or not at all. */
  unknown: string[][]
}

type SentRequest = {url?: unknown; query?: unknown; body?: unknown}

/** The ids a document batch or a release import writes, from its request body (import's own requests). */
function writtenIds(request: SentRequest): string[] | undefined {
  const url = String(request.url ?? '')
  const tag = String((request.query as {tag?: unknown} | undefined)?.tag ?? '')
  const body = (typeof request.body === 'string' ? JSON.parse(request.body) : request.body) as
    {mutations?: Record<string, {_id?: string}>[]; actions?: {releaseId?: string}[]} | undefined
  if (url.includes('/data/mutate/') && `${url}${tag}`.includes('sanity.import.doc.create'))
    return (body?.mutations ?? []).map((mutation) => String(Object.values(mutation)[0]?._id))
  const action = body?.actions?.[0] as {actionType?: string; releaseId?: string} | undefined
  if (url.includes('/data/actions/') && action?.actionType === 'sanity.action.release.import')
    return [`_.releases.${String(action.releaseId)}`]
  return undefined
}

/** A client that records which of the import's writes the dataset took. */
function recording(client: SanityClient) {
  const written: Written = {batches: [], unknown: []}
  const recorder = client.withConfig({
    requestHandler: async (request, next) => {
      const ids = writtenIds(request as SentRequest)
      if (!ids) return next(request)
      written.unknown.push(ids)
      try {
        const answer = await next(request)
        // A batch is known by its first id: @sanity/import sends one again after a server error (up to three
        // tries), and the try the dataset takes settles the tries before it.
        written.unknown = written.unknown.filter((unknown) => unknown[0] !== ids[0])
        written.batches.push(ids)
        return answer
      } catch (error) {
        // A refusal (4xx) wrote nothing, this try at least; no answer, or a server error, leaves it unknown, as
        // Sanity's own migration runner counts it (@sanity/migrate runner/errors.ts, UnknownTransactionOutcomeError).
        const status = (error as {statusCode?: number}).statusCode
        if (status !== undefined && status < 500)
          written.unknown = written.unknown.filter((unknown) => unknown !== ids)
        throw error
      }
    },
  })
  return {client: recorder, written}
}

/** What was written before a failure, in words. */
function describeWritten({batches, unknown}: Written) {
  const count = (lists: string[][]) => lists.reduce((total, ids) => total + ids.length, 0)
  const parts = [
    batches.length === 0
      ? 'Nothing was written'
      : `Written before it failed: ${count(batches)} documents, in ${batches.length} batches each written whole`,
    unknown.length > 0 &&
      `${count(unknown)} more documents, in ${unknown.length} batches sent as it failed, may each have been written whole or not at all (no answer came)`,
    (batches.length > 0 || unknown.length > 0) &&
      'the rest was not: import again with --replace to finish',
  ]
  return `${parts.filter(Boolean).join('; ')}.`
}

/** The import failed: its error, and what it had written. */
export class ImportError extends Error {
  readonly written: Written

  constructor(cause: unknown, written: Written) {
    super(`${(cause as Error).message}\n${describeWritten(written)}`, {cause})
    this.written = written
  }
}

export async function importArchive(
  client: SanityClient,
  {
    archive,
    mode = 'create',
    onProgress = () => undefined,
  }: {archive: string; mode?: ImportMode; onProgress?: (progress: Progress) => void},
): Promise<ImportReport> {
  const {path: into, remove: removeUnpacked} = temporaryFolder('content-import-')
  try {
    onProgress({step: 'Checking the archive'})
    const unpacked = await unpackArchive(archive, into)
    onProgress({
      step: 'Checking the archive',
      current: unpacked.documents,
      total: unpacked.documents,
    })
    onProgress({step: 'Checking every document against the dataset (dry run)'})
    // Its connections are not kept for the import, which reads the whole archive first without a turn of the
    // event loop for seconds, while the server closes idle connections (Node's keep-alive timeout is 5 s): reused,
    // one it had closed would fail the import's first batches ("other side closed").
    await dryRun(client.withConfig({headers: {Connection: 'close'}}), unpacked, mode)
    const {documents, releases} = OPERATIONS[mode]
    const {client: importing, written} = recording(client)
    const assets = ['images', 'files'].reduce(
      (count, kind) =>
        count +
        (existsSync(join(unpacked.folder, kind))
          ? readdirSync(join(unpacked.folder, kind)).length
          : 0),
      0,
    )
    try {
      const result = await sanityImport(unpacked.folder, {
        client: importing,
        operation: documents,
        releasesOperation: releases,
        onProgress: (progress) => onProgress(progress),
      })
      return {documents: result.numDocs, assets, warnings: result.warnings.map((w) => w.message)}
    } catch (error) {
      throw new ImportError(error, {
        batches: [...written.batches],
        unknown: [...written.unknown],
      })
    }
  } finally {
    removeUnpacked()
  }
}
