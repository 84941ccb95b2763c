// A dataset as text: its snapshot (one document a line) and its journal lines (one committed transaction a line,
// each changed document as it became, null: deleted), read into documents in one way wherever they are read: by
// the store from its files at start (checking each line, and naming the file and line of a broken one) and by a
// query worker from the text the store hands it (already checked, or, at a start, checked by the worker for the
// store, which then parses a snapshot line only when its document is asked for), so both hold the same documents
// in the same order.
import {closeSync, fstatSync, openSync, readSync} from 'node:fs'
import {MAX_DOCUMENT_DEPTH, nestsDeeperThan} from '../documents/depth.ts'
import type {StoredDocument} from '../documents/documents.ts'

/**
 * The snapshot's bytes (UTF-8) on a SharedArrayBuffer, so handing them to a worker copies nothing (posting a
 * 40 MB string blocked the lake's thread for most of a second), and the journal lines since, as text. A start's
 * text also names its snapshot file: its reader checks every snapshot line, as the store would (readStartSnapshot).
 */
export type DatasetText = {snapshot: Uint8Array; journals: readonly string[]; snapshotPath?: string}

/**
 * Where each snapshot line's document is, in the snapshot's order: its id, and its line's bytes (start and end,
 * two numbers a line), so the store parses a line only when the document is asked for (storedDocuments.ts).
 */
export type SnapshotIndex = {ids: string[]; ranges: Float64Array<ArrayBuffer>}

/** What a reader that checked a snapshot tells the store: where its documents are, or why a line is refused. */
export type SnapshotReading = {index: SnapshotIndex} | {refused: string}

const sharedOfSize = (byteLength: number) => new Uint8Array(new SharedArrayBuffer(byteLength))

/** Bytes on shared memory, which every query worker may read without a copy. */
export function sharedBytes(parts: readonly Uint8Array[]): Uint8Array {
  const shared = sharedOfSize(parts.reduce((total, part) => total + part.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    shared.set(part, offset)
    offset += part.byteLength
  }
  return shared
}

/** A file's bytes read straight into shared memory: one copy of a large snapshot, not two. */
export function readSharedBytes(path: string): Uint8Array {
  const descriptor = openSync(path, 'r')
  try {
    const shared = sharedOfSize(fstatSync(descriptor).size)
    let read = 0
    while (read < shared.byteLength) {
      const count = readSync(descriptor, shared, read, shared.byteLength - read, read)
      if (count === 0) throw new Error(`${path} was cut short while it was read`)
      read += count
    }
    return shared
  } finally {
    closeSync(descriptor)
  }
}

/**
 * Each line of UTF-8 bytes as text, with its number and its bytes' place. Decoded a line at a time: a whole
 * snapshot decoded at once is one more copy of the dataset in fresh memory, and V8 decodes shared memory at a
 * third of the speed.
 */
function* linesOf(
  bytes: Uint8Array,
): Generator<[line: string, number: number, start: number, end: number]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let start = 0
  for (let number = 1; start < buffer.byteLength; number += 1) {
    const newline = buffer.indexOf(0x0a, start)
    const end = newline === -1 ? buffer.byteLength : newline
    yield [buffer.toString('utf8', start, end), number, start, end]
    start = end + 1
  }
}

/** One journal line: a committed transaction's documents as they became. */
export type JournalLine = {transactionId: string; documents: Record<string, StoredDocument | null>}

/** Where a text came from, for errors, and whether to check each document's depth. */
type Reading = {name: string; check: boolean}

function parseLine<T>(line: string, where: string, what: string): T {
  try {
    return JSON.parse(line) as T
  } catch (error) {
    throw new Error(`${where} is not ${what} (${(error as Error).message})`)
  }
}

/**
 * Whether a line holds more `{` and `[` than the depth limit, which any value nested deeper needs (those inside
 * strings count too: a bound, never too low); the few lines that do are walked, the rest need not be.
 */
function mayNestTooDeep(line: string) {
  let openings = 0
  for (const bracket of ['{', '[']) {
    for (let at = line.indexOf(bracket); at !== -1; at = line.indexOf(bracket, at + 1)) {
      openings += 1
      if (openings > MAX_DOCUMENT_DEPTH) return true
    }
  }
  return false
}

/** Sanity holds no deeper document, and one would break every query that reads it. */
function checkDepth(doc: StoredDocument | null, where: string) {
  if (doc && nestsDeeperThan(doc, MAX_DOCUMENT_DEPTH)) {
    throw new Error(
      `${where}: document "${doc._id}" nests deeper than ${MAX_DOCUMENT_DEPTH} levels, Sanity's limit; flatten or remove it`,
    )
  }
}

/** The snapshot's documents, set in `documents`; `index` is given each line's id and bytes too. */
export function readSnapshot(
  bytes: Uint8Array,
  {name, check}: Reading,
  documents: Map<string, StoredDocument>,
  index?: {ids: string[]; ranges: number[]},
) {
  for (const [line, number, start, end] of linesOf(bytes)) {
    if (line.trim() === '') continue
    const where = `${name}:${number}`
    const doc = parseLine<StoredDocument>(line, where, 'a JSON document')
    if (check && mayNestTooDeep(line)) checkDepth(doc, where)
    documents.set(doc._id, doc)
    index?.ids.push(doc._id)
    index?.ranges.push(start, end)
  }
}

export function replayJournal(
  text: string,
  {name, check}: Reading,
  documents: Map<string, StoredDocument>,
) {
  text.split('\n').forEach((line, index) => {
    if (line === '') return
    const where = `${name}:${index + 1}`
    const entry = parseLine<JournalLine>(line, where, 'a journaled transaction')
    const walk = check && mayNestTooDeep(line)
    for (const [id, doc] of Object.entries(entry.documents ?? {})) {
      if (walk) checkDepth(doc, where)
      if (doc) documents.set(id, doc)
      else documents.delete(id)
    }
  })
}

/** The documents of a text the store has checked already. */
export function documentsOfText({snapshot, journals}: DatasetText): Map<string, StoredDocument> {
  const documents = new Map<string, StoredDocument>()
  readSnapshot(snapshot, {name: 'snapshot', check: false}, documents)
  for (const journal of journals) replayJournal(journal, {name: 'journal', check: false}, documents)
  return documents
}

/**
 * A start's snapshot, checked line by line as the store checks it (the same refusal, naming `snapshotPath` and
 * the line): its documents, and where each line is, or the refusal.
 */
export function readStartSnapshot(
  snapshot: Uint8Array,
  snapshotPath: string,
): {documents: Map<string, StoredDocument>; reading: SnapshotReading} {
  const documents = new Map<string, StoredDocument>()
  const index = {ids: [] as string[], ranges: [] as number[]}
  try {
    readSnapshot(snapshot, {name: snapshotPath, check: true}, documents, index)
  } catch (error) {
    return {documents, reading: {refused: error instanceof Error ? error.message : String(error)}}
  }
  return {
    documents,
    reading: {index: {ids: index.ids, ranges: Float64Array.from(index.ranges)}},
  }
}
