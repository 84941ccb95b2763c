// The lake's datasets: held in memory, persisted as NDJSON in Sanity's export format, each write atomic. One
// process writes a data folder: the folder is locked (@quantedge/server-kit's lock, which a kill -9 or a reused
// process id never leaves blocking), and every dataset file is read when the lake starts, so a broken file
// stops the start with its line number instead of failing requests later.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {lockDataFolder, type DataFolderLock} from '@quantedge/server-kit/dataFolderLock'
import {writeFileAtomically} from './atomicWrite.ts'
import {MAX_DOCUMENT_DEPTH, nestingDepth} from './depth.ts'
import type {StoredDocument} from './documents.ts'

const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/
const DATASET_FILE = /^([a-z0-9][a-z0-9_-]{0,63})\.ndjson$/

export class LakeStore {
  readonly dataDir: string
  readonly #datasets = new Map<string, Map<string, StoredDocument>>()
  readonly #lock: DataFolderLock

  private constructor(dataDir: string, lock: DataFolderLock) {
    this.dataDir = dataDir
    this.#lock = lock
  }

  /** Takes the data folder for this process (a second writer would lose updates) and reads its datasets. */
  static async open(dataDir: string): Promise<LakeStore> {
    const folder = resolve(dataDir)
    const lock = await lockDataFolder(folder, 'the embedded Content Lake')
    const store = new LakeStore(folder, lock)
    try {
      for (const name of readdirSync(folder)) {
        const dataset = DATASET_FILE.exec(name)?.[1]
        if (dataset) store.documents(dataset)
      }
    } catch (error) {
      await lock.release()
      throw error
    }
    return store
  }

  static isValidDatasetName(name: string) {
    return DATASET_NAME.test(name)
  }

  documents(dataset: string): ReadonlyMap<string, StoredDocument> {
    let documents = this.#datasets.get(dataset)
    if (!documents) {
      documents = this.#load(dataset)
      this.#datasets.set(dataset, documents)
    }
    return documents
  }

  /** Applies a transaction's changes (null deletes) and writes the dataset before returning. */
  commit(dataset: string, changes: ReadonlyMap<string, StoredDocument | null>) {
    const next = new Map(this.documents(dataset))
    for (const [id, doc] of changes) {
      if (doc) next.set(id, doc)
      else next.delete(id)
    }
    const lines = [...next.values()]
      .sort((a, b) => a._id.localeCompare(b._id))
      .map((doc) => JSON.stringify(doc))
    writeFileAtomically(this.#file(dataset), lines.length ? `${lines.join('\n')}\n` : '')
    this.#datasets.set(dataset, next)
  }

  release(): Promise<void> {
    return this.#lock.release()
  }

  #file(dataset: string) {
    return join(this.dataDir, `${dataset}.ndjson`)
  }

  #load(dataset: string): Map<string, StoredDocument> {
    const file = this.#file(dataset)
    const documents = new Map<string, StoredDocument>()
    if (!existsSync(file)) return documents
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.trim() === '') return
        let doc: StoredDocument
        try {
          doc = JSON.parse(line) as StoredDocument
        } catch (error) {
          throw new Error(
            `${file}:${index + 1} is not a JSON document (${(error as Error).message})`,
          )
        }
        // Sanity holds no deeper document, and one would break every query that reads it.
        if (nestingDepth(doc, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
          throw new Error(
            `${file}:${index + 1}: document "${doc._id}" nests deeper than ${MAX_DOCUMENT_DEPTH} levels, Sanity's limit; flatten or remove it`,
          )
        }
        documents.set(doc._id, doc)
      })
    return documents
  }
}
