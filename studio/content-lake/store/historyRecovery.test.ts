// The transaction log's entries a crash kept from being written (the journal line synced, the entry not yet
// appended) are made again by the next start, equal to those the write path wrote: the states historyCrash.test.ts
// reaches by killing a lake, built here one by one from a store's own files. And an entry whose append fails (the
// disk refusing it) is kept, written before the next one, and keeps the journals until it is.
import {copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {renameSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {documentEffects} from './effects.ts'
import {LakeStore} from './store.ts'
import type {LoggedTransaction} from './transactionLog.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {storedDocument as doc} from '../testing/testDocuments.ts'

const folders: string[] = []
const stores: LakeStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.release()
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function emptyFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'content-lake-recovery-'))
  folders.push(folder)
  return folder
}

async function opened(folder: string) {
  const store = await LakeStore.open(folder)
  stores.push(store)
  return store
}

/** Commits as the write path does (writes/transactions.ts): the changes with their entry. */
function commit(store: LakeStore, id: string, changes: [string, StoredDocument | null][]) {
  const current = store.documents('production')
  const logged: LoggedTransaction = {
    id,
    timestamp: `2030-01-01T00:00:0${id.at(-1)}.000Z`,
    author: 'editor',
    documentIDs: changes.map(([changed]) => changed),
    effects: Object.fromEntries(
      changes.map(([changed, after]) => [
        changed,
        documentEffects(current.get(changed) ?? null, after),
      ]),
    ),
    documents: Object.fromEntries(changes),
  }
  return store.commit('production', new Map(changes), logged)
}

/** Four transactions: creates, an update, a delete, a create again. */
async function writeFour(store: LakeStore) {
  await commit(store, 't1', [
    ['a', doc('a', {price: 1})],
    ['b', doc('b')],
  ])
  await commit(store, 't2', [['a', doc('a', {price: 2})]])
  await commit(store, 't3', [['b', null]])
  await commit(store, 't4', [['b', doc('b', {title: 'again'})]])
}

/** The folder as a kill -9 would leave it: the dataset's files, and the log without its last `lost` lines. */
function crashedCopy(from: string, lost: number) {
  const to = emptyFolder()
  mkdirSync(join(to, 'history'))
  for (const name of readdirSync(from).filter((file) => file.startsWith('production.')))
    copyFileSync(join(from, name), join(to, name))
  const lines = readFileSync(join(from, 'history', 'production.ndjson'), 'utf8').split('\n')
  const kept = lines.slice(0, lines.length - 1 - lost)
  writeFileSync(join(to, 'history', 'production.ndjson'), kept.map((line) => `${line}\n`).join(''))
  return to
}

describe('history recovery', () => {
  it('writes the entries of journal lines the log lacks, as the write path wrote them', async () => {
    const folder = emptyFolder()
    const store = await opened(folder)
    await writeFour(store)
    const written = structuredClone(store.log.transactions('production'))
    expect(written.map(({id}) => id)).toEqual(['t1', 't2', 't3', 't4'])
    for (const lost of [1, 3, 4]) {
      const restarted = await opened(crashedCopy(folder, lost))
      expect(restarted.log.transactions('production'), `${lost} lost`).toEqual(written)
    }
  })

  it('adds nothing when the log is whole, and keeps what a second start finds', async () => {
    const folder = emptyFolder()
    const store = await opened(folder)
    await writeFour(store)
    const written = structuredClone(store.log.transactions('production'))
    const copy = crashedCopy(folder, 0)
    const once = await opened(copy)
    expect(once.log.transactions('production')).toEqual(written)
    await once.release()
    stores.splice(stores.indexOf(once), 1)
    expect((await opened(copy)).log.transactions('production')).toEqual(written)
  })

  it('drops a last entry cut short by the crash and writes it again whole', async () => {
    const folder = emptyFolder()
    const store = await opened(folder)
    await writeFour(store)
    const written = structuredClone(store.log.transactions('production'))
    const copy = crashedCopy(folder, 1)
    const log = join(copy, 'history', 'production.ndjson')
    writeFileSync(log, `${readFileSync(log, 'utf8')}{"id":"t4","timest`)
    expect((await opened(copy)).log.transactions('production')).toEqual(written)
  })

  it('keeps an entry whose append failed, writes it before the next, and keeps the journals until then', async () => {
    const folder = emptyFolder()
    const store = await opened(folder)
    await writeFour(store)
    const log = join(folder, 'history', 'production.ndjson')
    expect(store.log.transactions('production')).toHaveLength(4)
    // The log's place taken by a folder: every append to it fails (EISDIR), as on a disk that refuses writes.
    renameSync(log, `${log}.kept`)
    mkdirSync(log)
    await commit(store, 't5', [['a', doc('a', {price: 5})]])
    expect(store.log.transactions('production').map(({id}) => id)).toEqual([
      't1',
      't2',
      't3',
      't4',
      't5',
    ])
    expect(() => store.log.sync('production')).toThrow(/EISDIR/)
    rmSync(log, {recursive: true})
    renameSync(`${log}.kept`, log)

    await commit(store, 't6', [['b', null]])
    const ids = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as LoggedTransaction).id)
    expect(ids).toEqual(['t1', 't2', 't3', 't4', 't5', 't6'])
    const written = structuredClone(store.log.transactions('production'))
    expect(written.map(({id}) => id)).toEqual(ids)
    expect((await opened(crashedCopy(folder, 0))).log.transactions('production')).toEqual(written)
  })
})
