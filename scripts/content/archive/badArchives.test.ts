// Bad archives refused before anything is written, each with what is wrong and where: cut short (the gzip stream,
// an entry of the tar, a line of data.ndjson at its end, the images after data.ndjson), not gzip, a line that is not
// JSON, a document the dataset cannot take (an id Sanity refuses, in a late batch), documents the dataset holds
// already. And an import cut by the lake stopping midway: what it had written is said, each batch whole or not at all.
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {gunzipSync, gzipSync} from 'node:zlib'
import type {SanityClient} from '@sanity/client'
import {startChildLake, type ChildLake} from '@quantedge/content-lake/testing/childLake'
import {quadrants} from '@quantedge/content-lake/testing/testImages'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import * as tar from 'tar'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {exportArchive} from './exportArchive.ts'
import {ImportError, importArchive} from './importArchive.ts'

let lake: TestLake
let work: string
let good = ''
const dataset = (name: string): SanityClient => testLakeClient(lake.url).withConfig({dataset: name})
const count = (name: string) => dataset(name).fetch<number>('count(*)', {}, {perspective: 'raw'})

/** 30 notes of 20 KB (three of import's 256 KB batches) and one image. */
beforeAll(async () => {
  lake = await startTestLake()
  work = mkdtempSync(join(tmpdir(), 'content-bad-archives-'))
  const source = dataset('production')
  const image = await source.assets.upload('image', await quadrants(64, 32), {filename: 'q.png'})
  const body = 'x'.repeat(20_000)
  await source.mutate(
    Array.from({length: 30}, (_, index) => ({
      create: {
        _id: `note-${index}`,
        _type: 'note',
        body,
        ...(index === 0 ? {cover: {_type: 'image', asset: {_ref: image._id}}} : {}),
      },
    })),
  )
  good = join(work, 'good.tar.gz')
  await exportArchive(source, {file: good})
})
afterAll(async () => {
  await lake.close()
  rmSync(work, {recursive: true, force: true})
})

let variants = 0
/** The good archive unpacked, changed by `change` (given its export folder) and packed again. */
async function changed(change: (folder: string) => void) {
  const into = join(work, `variant-${(variants += 1)}`)
  mkdirSync(into)
  await tar.x({file: good, cwd: into})
  const [top = ''] = readdirSync(into)
  change(join(into, top))
  const file = `${into}.tar.gz`
  await tar.c({gzip: true, file, cwd: into}, [top])
  return file
}

async function written(name: string, bytes: Buffer) {
  const file = join(work, name)
  writeFileSync(file, bytes)
  return file
}

/** The import refused with `message`, and the target dataset still empty. */
async function expectRefused(archive: string, target: string, message: RegExp) {
  await expect(importArchive(dataset(target), {archive})).rejects.toThrow(message)
  expect(await count(target)).toBe(0)
}

describe('a bad archive', () => {
  it('is refused when cut short, as its gzip stream, a tar entry or the line it ends with shows', async () => {
    const bytes = readFileSync(good)
    await expectRefused(
      await written('half.tar.gz', bytes.subarray(0, Math.floor(bytes.length / 2))),
      'half',
      /half\.tar\.gz is cut short: its gzip stream ends before its end/,
    )
    // The tar cut right after a line of data.ndjson, gzipped whole: @sanity/import alone takes what it finds.
    const inner = gunzipSync(bytes)
    const lineEnd = inner.indexOf('}\n{"_id":"note-5"') + 2
    await expectRefused(
      await written('line.tar.gz', gzipSync(inner.subarray(0, lineEnd))),
      'line',
      /line\.tar\.gz is cut short: an entry of the archive ends early/,
    )
    const noImages = await changed((folder) => rmSync(join(folder, 'images'), {recursive: true}))
    await expectRefused(
      noImages,
      'noimages',
      /data\.ndjson line \d+: its images\/.+ is not in the archive/,
    )
    const lastLineCut = await changed((folder) => {
      const data = join(folder, 'data.ndjson')
      writeFileSync(data, readFileSync(data).subarray(0, statSync(data).size - 40))
    })
    await expectRefused(lastLineCut, 'lastline', /data\.ndjson ends in the middle of line 30/)
  })

  it('is refused when it is not gzip, or a line is not JSON', async () => {
    await expectRefused(
      await written('zip.tar.gz', Buffer.from('PK\u0003\u0004 a zip file, not a tar.gz')),
      'zip',
      /zip\.tar\.gz is not a gzip archive/,
    )
    const brokenLine = await changed((folder) => {
      const data = join(folder, 'data.ndjson')
      const lines = readFileSync(data, 'utf8').split('\n')
      lines[1] = lines[1]!.slice(0, 30)
      writeFileSync(data, lines.join('\n'))
    })
    await expectRefused(brokenLine, 'broken', /data\.ndjson line 2 is not JSON/)
  })

  it('is refused with the line of a document the dataset cannot take, in its last batch', async () => {
    const refusedId = await changed((folder) => {
      const data = join(folder, 'data.ndjson')
      writeFileSync(data, `${readFileSync(data, 'utf8')}{"_id":"bad..id","_type":"note"}\n`)
    })
    await expectRefused(
      refusedId,
      'refused',
      /data\.ndjson line 31: .*Invalid document ID "bad\.\.id"/,
    )
  })

  it('is refused over documents the dataset holds, saying how to write over them', async () => {
    await dataset('taken').create({_id: 'note-29', _type: 'note'})
    await expect(importArchive(dataset('taken'), {archive: good})).rejects.toThrow(
      /data\.ndjson line \d+: .*note-29.* already exists \(the dataset holds it already: --replace/,
    )
    expect(await count('taken')).toBe(1)
    await importArchive(dataset('taken'), {archive: good, mode: 'replace'})
    expect(await count('taken')).toBe(31)
  })

  it('is refused over a document in its first batch of many, while later batches are still read', async () => {
    const source = dataset('many')
    const body = 'y'.repeat(20_000)
    await source.mutate(
      Array.from({length: 150}, (_, index) => ({
        create: {_id: `page-${String(index).padStart(3, '0')}`, _type: 'note', body},
      })),
    )
    const archive = join(work, 'many.tar.gz')
    await exportArchive(source, {file: archive})
    const [first] = await source.fetch<string[]>('*[_type == "note"]._id', {}, {perspective: 'raw'})
    await dataset('manytaken').create({_id: first!, _type: 'note'})
    await expect(importArchive(dataset('manytaken'), {archive})).rejects.toThrow(
      new RegExp(`data\\.ndjson line 1: .*${first}.* already exists`),
    )
    expect(await count('manytaken')).toBe(1)
  })
})

describe('an import cut by the lake stopping', () => {
  it('says what it had written: each batch whole, the rest not', async () => {
    const large = 'y'.repeat(6_000)
    for (let start = 0; start < 1_500; start += 500)
      await dataset('large').mutate(
        Array.from({length: 500}, (_, index) => ({
          create: {_id: `large-${start + index}`, _type: 'note', large},
        })),
      )
    const archive = join(work, 'large.tar.gz')
    await exportArchive(dataset('large'), {file: archive})
    const dataDir = mkdtempSync(join(tmpdir(), 'content-import-cut-'))
    let child: ChildLake | undefined = await startChildLake(dataDir)
    try {
      const target = testLakeClient(child.url).withConfig({dataset: 'cut'})
      let acknowledged = 0
      const importing = importArchive(target, {
        archive,
        onProgress: ({step, current = 0}) => {
          if (step === 'Importing documents') acknowledged = current
        },
      }).catch((error: unknown) => error)
      // Killed once the lake has answered two batches (as the import reports them).
      while (acknowledged < 2) await sleep(5)
      await child.kill()
      const failure = await importing
      expect(failure).toBeInstanceOf(ImportError)
      const {batches, unknown} = (failure as ImportError).written
      expect((failure as Error).message).toMatch(
        new RegExp(
          `Written before it failed: ${batches.flat().length} documents, in ${batches.length} batches`,
        ),
      )
      expect(batches.length).toBeGreaterThanOrEqual(2)
      child = await startChildLake(dataDir)
      const stored = new Set(
        await testLakeClient(child.url)
          .withConfig({dataset: 'cut'})
          .fetch<string[]>('*._id', {}, {perspective: 'raw'}),
      )
      for (const ids of batches) expect(ids.filter((id) => !stored.has(id))).toEqual([])
      for (const ids of unknown)
        expect([0, ids.length]).toContain(ids.filter((id) => stored.has(id)).length)
      const accounted = new Set([...batches, ...unknown].flat())
      expect([...stored].filter((id) => !accounted.has(id))).toEqual([])
      expect(stored.size).toBeLessThan(1_500)
    } finally {
      await child?.kill()
      rmSync(dataDir, {recursive: true, force: true})
    }
  })
})
