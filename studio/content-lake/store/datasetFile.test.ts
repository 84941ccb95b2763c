// A dataset on disk: what a reader finds after appends, after compaction, and in each state a crash can leave
// (a line cut short, a snapshot half written, a snapshot renamed before the journals it holds were removed).
// crash.test.ts kills a real lake; these tests build the states it can leave, one by one.
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {appendFileSync, copyFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {DatasetFile} from './datasetFile.ts'
import {documentsOfText, readStartSnapshot, type DatasetText} from './datasetText.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {storedDocument as doc} from '../testing/testDocuments.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function emptyFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'content-lake-dataset-'))
  folders.push(folder)
  return folder
}

const opened = (folder: string) => {
  const file = new DatasetFile(folder, 'production', 1)
  return {file, documents: file.read()}
}

/** As a start opens it, a query worker reading the snapshot (queryWorker.ts): lines parsed as they are asked for. */
const openedAtStart = (folder: string) =>
  new DatasetFile(folder, 'production', 1).open((text: DatasetText) =>
    Promise.resolve(readStartSnapshot(text.snapshot, text.snapshotPath ?? '').reading),
  )

/** Three transactions: two creates, an update and a delete. */
function writeThree(folder: string) {
  const {file, documents} = opened(folder)
  const commit = (id: string, changes: [string, StoredDocument | null][]) => {
    file.append(id, new Map(changes))
    for (const [changed, value] of changes) {
      if (value) documents.set(changed, value)
      else documents.delete(changed)
    }
  }
  commit('t1', [
    ['b', doc('b')],
    ['a', doc('a')],
  ])
  commit('t2', [['b', doc('b', {price: 2})]])
  commit('t3', [['a', null]])
  return {file, documents}
}

const EXPECTED = [['b', doc('b', {price: 2})]]

describe('a dataset on disk', () => {
  it('reads back every appended transaction', () => {
    const folder = emptyFolder()
    writeThree(folder)
    expect([...opened(folder).documents]).toEqual(EXPECTED)
  })

  it('compacts into Sanity’s export format, one document a line in the dataset’s order, and removes the journals', async () => {
    const folder = emptyFolder()
    const {file, documents} = writeThree(folder)
    documents.set('0-first', doc('0-first'))
    file.append('t4', new Map([['0-first', doc('0-first')]]))
    await file.compact(documents.values())
    const lines = readFileSync(join(folder, 'production.ndjson'), 'utf8').trimEnd().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as StoredDocument)._id)).toEqual(['b', '0-first'])
    expect(readdirSync(folder).filter((name) => name.endsWith('.journal'))).toEqual([
      'production.2.journal',
    ])
    expect(readFileSync(join(folder, 'production.2.journal'), 'utf8')).toBe('')
    expect([...opened(folder).documents].map(([id]) => id)).toEqual(['b', '0-first'])
  })

  it('hands out its text, from which a query worker reads the same documents in the same order', async () => {
    const folder = emptyFolder()
    const {file, documents} = writeThree(folder)
    expect([...documentsOfText(file.text())]).toEqual([...documents])
    const compaction = file.compact(documents.values())
    documents.set('c', doc('c'))
    file.append('t4', new Map([['c', doc('c')]]))
    await compaction
    documents.delete('b')
    file.append('t5', new Map([['b', null]]))
    expect([...documentsOfText(file.text())]).toEqual([...documents])
  })

  it('leaves only the snapshot when closed', async () => {
    const folder = emptyFolder()
    const {file, documents} = writeThree(folder)
    await file.close(documents.values())
    expect(readdirSync(folder)).toEqual(['production.ndjson'])
    expect([...opened(folder).documents]).toEqual(EXPECTED)
  })

  it('drops a last line a crash cut short (never acknowledged) and keeps the rest', () => {
    const folder = emptyFolder()
    writeThree(folder)
    appendFileSync(join(folder, 'production.1.journal'), '{"transactionId":"t4","documents":{"c"')
    expect([...opened(folder).documents]).toEqual(EXPECTED)
    expect(readFileSync(join(folder, 'production.1.journal'), 'utf8').endsWith('}}\n')).toBe(true)
  })

  it('ignores a snapshot a crash left half written', () => {
    const folder = emptyFolder()
    writeThree(folder)
    writeFileSync(join(folder, 'production.ndjson.compacting'), '{"_id":"half')
    expect([...opened(folder).documents]).toEqual(EXPECTED)
    expect(existsSync(join(folder, 'production.ndjson.compacting'))).toBe(false)
  })

  it('reads the same documents when a crash left the new snapshot beside the journals it holds', async () => {
    const folder = emptyFolder()
    writeThree(folder)
    const journal = join(folder, 'production.1.journal')
    const kept = join(folder, 'kept')
    copyFileSync(journal, kept)
    const {file, documents} = opened(folder)
    await file.compact(documents.values())
    copyFileSync(kept, journal)
    rmSync(kept)
    expect([...opened(folder).documents]).toEqual(EXPECTED)
  })

  it('refuses a journal line that is whole but not JSON, naming its file and line', () => {
    const folder = emptyFolder()
    writeThree(folder)
    appendFileSync(join(folder, 'production.1.journal'), 'not json\n')
    expect(() => opened(folder)).toThrow(/production\.1\.journal:4 is not a journaled transaction/)
  })

  it('refuses a journal line holding a document nested deeper than Sanity allows, naming its line', () => {
    const folder = emptyFolder()
    writeThree(folder)
    const deep = `${'{"a":'.repeat(25)}1${'}'.repeat(25)}`
    appendFileSync(
      join(folder, 'production.1.journal'),
      `{"transactionId":"t4","documents":{"deep":{"_id":"deep","_type":"plan","body":${deep}}}}\n`,
    )
    expect(() => opened(folder)).toThrow(
      /production\.1\.journal:4: document "deep" nests deeper than 20 levels/,
    )
  })

  it('opens at a start to the same documents, the snapshot read by another reader, and the journals after it', async () => {
    const folder = emptyFolder()
    const {file, documents} = writeThree(folder)
    documents.set('x', doc('x'))
    file.append('t4', new Map([['x', doc('x')]]))
    await file.compact(documents.values())
    file.append('t5', new Map([['c', doc('c')]]))
    file.append('t6', new Map([['b', doc('b', {price: 5})]]))
    const atStart = await openedAtStart(folder)
    expect(atStart.hasUnread).toBe(true)
    expect([...atStart]).toEqual([...opened(folder).documents])
    expect([...atStart].map(([id]) => id)).toEqual(['b', 'x', 'c'])
  })

  it('refuses at a start the snapshot line the reader refuses, as it refuses it itself', async () => {
    const folder = emptyFolder()
    writeFileSync(
      join(folder, 'production.ndjson'),
      `${JSON.stringify(doc('a'))}\n{"_id": "cut off\n`,
    )
    const refusal = /production\.ndjson:2 is not a JSON document/
    expect(() => opened(folder)).toThrow(refusal)
    await expect(openedAtStart(folder)).rejects.toThrow(refusal)
  })

  it('reads the snapshot itself at a start when the reader fails or gives no answer', async () => {
    const folder = emptyFolder()
    const {file, documents} = writeThree(folder)
    await file.close(documents.values())
    const failing = await new DatasetFile(folder, 'production', 1).open(() =>
      Promise.reject(new Error('the worker stopped')),
    )
    const silent = await new DatasetFile(folder, 'production', 1).open(() => undefined)
    for (const read of [failing, silent]) {
      expect(read.hasUnread).toBe(false)
      expect([...read]).toEqual(EXPECTED)
    }
  })

  it('refuses a cut-off line that a later journal follows', () => {
    const folder = emptyFolder()
    writeThree(folder)
    appendFileSync(join(folder, 'production.1.journal'), '{"cut')
    writeFileSync(join(folder, 'production.2.journal'), '')
    expect(() => opened(folder)).toThrow(/production\.1\.journal ends in a cut-off line/)
  })
})
