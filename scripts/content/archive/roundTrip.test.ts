// The seeded dataset, with uploaded images, a file and a release, out through @sanity/export (exportArchive.ts) and
// back through @sanity/import (importArchive.ts) into a new dataset of a real (embedded) lake: the same documents by
// id and content, the same asset bytes served at the new dataset's addresses, every reference resolving.
import {createHash} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {SanityClient, SanityDocument} from '@sanity/client'
import {photo, quadrants} from '@quantedge/content-lake/testing/testImages'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {seedContentLake} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {exportArchive} from './exportArchive.ts'
import {importArchive} from './importArchive.ts'

let lake: TestLake
let work: string
const dataset = (name: string): SanityClient => testLakeClient(lake.url).withConfig({dataset: name})
const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')
/** The uploaded bytes, by their SHA-1. */
const uploaded = new Map<string, Buffer>()

beforeAll(async () => {
  lake = await startTestLake()
  work = mkdtempSync(join(tmpdir(), 'content-round-trip-'))
  const source = dataset('production')
  await seedContentLake(source, seedDocuments)
  const upload = async (kind: 'image' | 'file', bytes: Buffer, filename: string) => {
    uploaded.set(sha1(bytes), bytes)
    return (await source.assets.upload(kind, bytes, {filename}))._id
  }
  const poster = await upload('image', await quadrants(320, 180), 'poster.png')
  const still = await upload('image', await photo(640, 480), 'still.jpg')
  const clip = await upload('file', Buffer.from('a demo clip, as bytes'), 'straddle.webm')
  const image = (ref: string) => ({_type: 'image', asset: {_type: 'reference', _ref: ref}})
  const [indicator, other] = seedDocuments.filter(({_type}) => _type === 'indicator')
  await source
    .patch(indicator!._id)
    .set({
      'demoVideo.poster': {...image(poster), hotspot: {x: 0.5, y: 0.5, width: 1, height: 1}},
      'demoVideo.file': {_type: 'file', asset: {_type: 'reference', _ref: clip}},
    })
    .commit()
  await source.create({
    _id: `drafts.${other!._id}`,
    _type: other!._type,
    demoVideo: {poster: image(still)},
  })
  await source.releases.create({releaseId: 'rDiwali', metadata: {title: 'Diwali'}})
  await source.createVersion({
    releaseId: 'rDiwali',
    publishedId: indicator!._id,
    baseId: indicator!._id,
  })
})
afterAll(async () => {
  await lake.close()
  rmSync(work, {recursive: true, force: true})
})

/** Each document as its content: what a restore need not keep (its revision and last change) left out. */
const content = ({_rev: _revision, _updatedAt: _changed, ...rest}: SanityDocument) => rest
const isAsset = ({_type}: SanityDocument) =>
  _type === 'sanity.imageAsset' || _type === 'sanity.fileAsset'

/** Every `_ref` a value holds. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) references(item, found)
  else if (typeof value === 'object' && value !== null)
    for (const [field, inner] of Object.entries(value)) {
      if (field === '_ref' && typeof inner === 'string') found.push(inner)
      else references(inner, found)
    }
  return found
}

describe('a round trip through Sanity’s archive', () => {
  it('restores every document, image and file into a new dataset', async () => {
    const file = join(work, 'production.tar.gz')
    const exported = await exportArchive(dataset('production'), {file})
    expect(exported.assets).toBe(3)
    const imported = await importArchive(dataset('restored'), {archive: file})
    const [before, after] = await Promise.all(
      ['production', 'restored'].map((name) =>
        dataset(name).fetch<SanityDocument[]>('*', {}, {perspective: 'raw'}),
      ),
    )
    const byId = new Map(after!.map((doc) => [doc._id, doc]))
    const documents = before!.filter((doc) => !isAsset(doc))
    expect(documents.length).toBeGreaterThan(20)
    expect(imported.documents).toBe(documents.length)
    for (const doc of documents) expect(content(byId.get(doc._id)!), doc._id).toEqual(content(doc))
    expect(after!.filter((doc) => !isAsset(doc)).length).toBe(documents.length)

    const assets = after!.filter(isAsset)
    expect(assets.map(({_id}) => _id).sort()).toEqual(
      before!
        .filter(isAsset)
        .map(({_id}) => _id)
        .sort(),
    )
    for (const asset of assets) {
      expect(String(asset.url)).toContain('/restored/')
      const served = Buffer.from(await (await fetch(String(asset.url))).arrayBuffer())
      expect(uploaded.get(sha1(served)), asset._id).toEqual(served)
      const original = before!.find(({_id}) => _id === asset._id)!
      expect(asset.originalFilename).toBe(original.originalFilename)
      expect(asset.metadata).toEqual(original.metadata)
    }

    const dangling = after!.flatMap((doc) =>
      references(doc)
        .filter((ref) => !byId.has(ref))
        .map((ref) => `${doc._id} → ${ref}`),
    )
    expect(dangling).toEqual([])
    expect(after!.flatMap((doc) => references(doc)).length).toBeGreaterThan(5)
  })
})
