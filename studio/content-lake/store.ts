// The lake's datasets: held in memory, persisted as NDJSON in Sanity's export format, each write atomic.
import {mkdirSync, readFileSync, rmSync, writeFileSync, existsSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {writeFileAtomically} from './atomicWrite.ts'
import type {StoredDocument} from './documents.ts'

const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/

export class DataFolderInUseError extends Error {}

/** Data folders held by a store in this process; other processes are told apart by the pid file. */
const heldHere = new Set<string>()

export class LakeStore {
  readonly dataDir: string
  readonly #datasets = new Map<string, Map<string, StoredDocument>>()
  readonly #lockFile: string

  /** Takes the data folder for this process; a second writer would lose updates, so it is refused. */
  constructor(dataDir: string) {
    this.dataDir = resolve(dataDir)
    mkdirSync(this.dataDir, {recursive: true})
    this.#lockFile = join(this.dataDir, 'lake.pid')
    const holder = existsSync(this.#lockFile) ? Number(readFileSync(this.#lockFile, 'utf8')) : undefined
    if (heldHere.has(this.dataDir) || (holder !== undefined && holder !== process.pid && isRunning(holder))) {
      throw new DataFolderInUseError(
        `The Content Lake data folder ${this.dataDir} is in use by process ${holder ?? process.pid}`,
      )
    }
    heldHere.add(this.dataDir)
    writeFileSync(this.#lockFile, String(process.pid))
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
    const lines = [...next.values()].sort((a, b) => a._id.localeCompare(b._id)).map((doc) => JSON.stringify(doc))
    writeFileAtomically(this.#file(dataset), lines.length ? `${lines.join('\n')}\n` : '')
    this.#datasets.set(dataset, next)
  }

  release() {
    rmSync(this.#lockFile, {force: true})
    heldHere.delete(this.dataDir)
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
        try {
          const doc = JSON.parse(line) as StoredDocument
          documents.set(doc._id, doc)
        } catch (error) {
          throw new Error(`${file}:${index + 1} is not a JSON document (${(error as Error).message})`)
        }
      })
    return documents
  }
}

function isRunning(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
