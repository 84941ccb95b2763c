// The lake's datasets: held in memory, persisted per dataset as a snapshot in Sanity's export format plus
// journals (datasetFile.ts), each write synced to disk before it is answered. One process writes a data folder: the
// folder is locked (@quantedge/server-kit's lock, which a kill -9 or a reused process id never leaves blocking),
// and every dataset is read when the lake starts, so a broken file stops the start with its line number instead
// of failing requests later. Closing the store compacts, so a stopped lake leaves `<dataset>.ndjson` complete.
// A write and its transaction log entry are one durable step (transactionLog.ts): the entry is written once the
// journal line is synced, and a start writes the entries a crash kept from being written (historyRecovery.ts).
// At a start a query worker may parse and check the snapshots instead (`onRead`): then the store parses each
// snapshot document when first asked for, and the rest in the background (storedDocuments.ts).
import {readdirSync} from 'node:fs'
import {resolve} from 'node:path'
import {lockDataFolder, type DataFolderLock} from '@quantedge/server-kit/dataFolderLock'
import {DatasetFile, type DocumentChanges} from './datasetFile.ts'
import {DatasetSnapshot} from './datasetSnapshot.ts'
import {HistoryRecovery} from './historyRecovery.ts'
import {type LoggedTransaction, TransactionLog} from './transactionLog.ts'
import type {DatasetText, SnapshotReading} from './datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'
import type {StoredDocuments} from './storedDocuments.ts'
import {serverLog} from '@quantedge/server-kit/log'

const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/
const DATASET_FILE = /^([a-z0-9][a-z0-9_-]{0,63})\.(?:ndjson|\d+\.journal)$/

/** How long after a start the store begins reading the snapshot lines no one has asked for yet. */
const READ_REST_AFTER_MS = 1000

/** Journals are compacted once they exceed the snapshot's size, and never below this many bytes. */
export const DEFAULT_COMPACT_AFTER_BYTES = 4 * 1024 * 1024

export type StoreOptions = {
  compactAfterBytes?: number
  /**
   * Given each dataset's text as the start reads it, before checking it (a query worker parses it meanwhile),
   * with the snapshot's path: a promise of where the snapshot's lines are (or which one is refused) spares the
   * store parsing the snapshot before it opens.
   */
  onRead?: (dataset: string, text: DatasetText) => Promise<SnapshotReading> | undefined
}

type Dataset = {file: DatasetFile; documents: StoredDocuments}

export class LakeStore {
  readonly dataDir: string
  /** The transaction log, the source of the Studio's history. */
  readonly log: TransactionLog
  readonly #datasets = new Map<string, Dataset>()
  /** Each dataset's last log entry written, once its journal line was synced (commit order). */
  readonly #logged = new Map<string, Promise<void>>()
  readonly #lock: DataFolderLock
  readonly #compactAfterBytes: number

  private constructor(dataDir: string, lock: DataFolderLock, compactAfterBytes: number) {
    this.dataDir = dataDir
    this.#lock = lock
    this.#compactAfterBytes = compactAfterBytes
    this.log = new TransactionLog(dataDir)
  }

  /** Takes the data folder for this process (a second writer would lose updates) and reads its datasets. */
  static async open(dataDir: string, options: StoreOptions = {}): Promise<LakeStore> {
    const folder = resolve(dataDir)
    const lock = await lockDataFolder(folder, 'the embedded Content Lake')
    const store = new LakeStore(
      folder,
      lock,
      options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
    )
    try {
      const names = new Set(
        readdirSync(folder).flatMap((name) => DATASET_FILE.exec(name)?.[1] ?? []),
      )
      for (const name of names) {
        const file = store.#datasetFile(name)
        const recovery = new HistoryRecovery(store.log.lastWritten(name))
        const documents = await file.open(
          (text) => options.onRead?.(name, text),
          (journals) => recovery.replaying(journals),
        )
        store.log.recover(name, recovery.recovered)
        store.#datasets.set(name, {file, documents})
      }
    } catch (error) {
      store.#stopReading()
      await lock.release()
      throw error
    }
    for (const {documents} of store.#datasets.values())
      documents.readInBackground(READ_REST_AFTER_MS)
    return store
  }

  static isValidDatasetName(name: string) {
    return DATASET_NAME.test(name)
  }

  /** The dataset as committed so far. The map changes in place on commit: read it within one step. */
  documents(dataset: string): ReadonlyMap<string, StoredDocument> {
    return this.#dataset(dataset).documents
  }

  /** The dataset as committed now, to be read out later (the Export API), or undefined for one never written. */
  snapshot(dataset: string): DatasetSnapshot | undefined {
    const documents = this.#datasets.get(dataset)?.documents
    return documents && new DatasetSnapshot(documents.entriesNow())
  }

  /** The dataset as text, as committed now (what a query worker reads its copy from). */
  text(dataset: string): DatasetText {
    return this.#dataset(dataset).file.text()
  }

  /** The datasets read so far (every one in the data folder, and any written since). */
  datasetNames(): string[] {
    return [...this.#datasets.keys()]
  }

  /**
   * Stores a transaction's changes (null deletes) and its log entry: written to the journal and applied in memory
   * now, so the next transaction reads them; the promise resolves once they are synced to disk and the entry is
   * written, when the write may be answered.
   */
  commit(dataset: string, changes: DocumentChanges, logged: LoggedTransaction): Promise<void> {
    const {file, documents} = this.#dataset(dataset)
    const {timestamp, author} = logged
    const synced = file.append(logged.id, changes, {timestamp, author})
    for (const [id, doc] of changes) {
      if (doc) documents.set(id, doc)
      else documents.delete(id)
    }
    this.log.committed(dataset, logged)
    const durable = synced.then(() => this.#writeEntry(dataset, logged))
    this.#logged.set(
      dataset,
      durable.catch(() => undefined),
    )
    if (file.wantsCompaction) {
      file.compact(documents.values()).catch((error: unknown) => {
        serverLog('content-lake').error({err: error}, `compacting dataset "${dataset}" failed`)
      })
    }
    return durable
  }

  /** Compacts what the journals hold, so the snapshots are complete, and gives the data folder up. */
  async release(): Promise<void> {
    this.#stopReading()
    try {
      for (const {file, documents} of this.#datasets.values()) await file.close(documents.values())
    } finally {
      await this.#lock.release()
    }
  }

  #stopReading() {
    for (const {documents} of this.#datasets.values()) documents.stop()
  }

  /**
   * The entry of a transaction now on disk. One that fails to be written is kept (and read from memory), written
   * before the next entry, and keeps the journals from being compacted away until it is; a start that finds it
   * missing makes it again from the journal.
   */
  #writeEntry(dataset: string, logged: LoggedTransaction) {
    try {
      this.log.write(dataset, logged)
    } catch (error) {
      serverLog('content-lake').error(
        {err: error},
        `the history entry of transaction ${logged.id} could not be written yet; it is written before the next one, or by the next start from the journal`,
      )
    }
  }

  /** A dataset's files: a compaction removes journals only once the log entries made from them are on disk. */
  #datasetFile(name: string) {
    return new DatasetFile(this.dataDir, name, this.#compactAfterBytes, async () => {
      await this.#logged.get(name)
      this.log.sync(name)
    })
  }

  /** A dataset read so far, or one the folder does not hold yet (read now, as it may have been made since). */
  #dataset(name: string): Dataset {
    let dataset = this.#datasets.get(name)
    if (!dataset) {
      const file = this.#datasetFile(name)
      dataset = {file, documents: file.read()}
      this.#datasets.set(name, dataset)
    }
    return dataset
  }
}
