// Content releases through @sanity/client 8 (`client.releases.*`, `client.action`, perspectives), against the
// shapes of Sanity's reference (@sanity/client src/types.ts `ReleaseDocument`, `ReleaseAction`, `VersionAction`;
// https://www.sanity.io/docs/content-lake/content-release-document-flow).
import type {SanityClient} from '@sanity/client'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'
import {publishCatalogue} from '../testing/testCatalogue.ts'

let lake: TestLake
let client: SanityClient

beforeEach(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
  await publishCatalogue(client)
})
afterEach(() => lake.close())

/** A release `rDiwali` with new prices for two indicators and the plan. */
async function diwaliRelease() {
  await client.releases.create({
    releaseId: 'rDiwali',
    metadata: {title: 'Diwali', releaseType: 'asap'},
  })
  for (const [id, price] of [
    ['straddle', 400],
    ['strangle', 450],
    ['pro', 1800],
  ] as const) {
    await client.createVersion({releaseId: 'rDiwali', publishedId: id, baseId: id})
    await client.patch(`versions.rDiwali.${id}`).set({price}).commit()
  }
}

const prices = (perspective?: string[] | 'raw' | 'published' | 'drafts') =>
  client.fetch<Record<string, number>>(
    '{"straddle": *[_id == "straddle"][0].price, "strangle": *[_id == "strangle"][0].price, "pro": *[_id == "pro"][0].price}',
    {},
    perspective ? {perspective} : {},
  )

describe('release documents', () => {
  it('creates a release as Sanity stores it: _.releases.<id>, system.release, active', async () => {
    const created = await client.releases.create({
      releaseId: 'rDiwali',
      metadata: {
        title: 'Diwali',
        releaseType: 'scheduled',
        intendedPublishAt: '2030-11-01T00:00:00Z',
      },
    })
    expect(created).toMatchObject({releaseId: 'rDiwali', transactionId: expect.any(String)})
    const release = await client.releases.get({releaseId: 'rDiwali'})
    expect(release).toMatchObject({
      _id: '_.releases.rDiwali',
      _type: 'system.release',
      name: 'rDiwali',
      state: 'active',
      metadata: {
        title: 'Diwali',
        releaseType: 'scheduled',
        intendedPublishAt: '2030-11-01T00:00:00Z',
      },
    })
    expect(await client.fetch('releases::all()[].name', {}, {perspective: 'published'})).toEqual([
      'rDiwali',
    ])
  })

  it('gives a release without metadata the undecided type, and edits its metadata', async () => {
    const {releaseId} = await client.releases.create({})
    await client.releases.edit({releaseId, patch: {set: {'metadata.title': 'Later'}}})
    expect((await client.releases.get({releaseId}))?.metadata).toEqual({
      releaseType: 'undecided',
      title: 'Later',
    })
  })

  it('takes an edit and a schedule of one release in one request, one after the other', async () => {
    const {releaseId} = await client.releases.create({metadata: {releaseType: 'asap'}})
    await client.action([
      {
        actionType: 'sanity.action.release.edit',
        releaseId,
        patch: {set: {'metadata.title': 'Diwali', 'metadata.releaseType': 'scheduled'}},
      },
      {actionType: 'sanity.action.release.schedule', releaseId, publishAt: '2030-11-01T00:00:00Z'},
    ])
    expect(await client.releases.get({releaseId})).toMatchObject({
      state: 'scheduled',
      publishAt: '2030-11-01T00:00:00.000Z',
      metadata: {title: 'Diwali', releaseType: 'scheduled'},
    })
  })

  it('changes nothing on a dry run', async () => {
    await client.action(
      {
        actionType: 'sanity.action.release.create',
        releaseId: 'rDry',
        metadata: {releaseType: 'asap'},
      },
      {dryRun: true},
    )
    expect(await client.releases.get({releaseId: 'rDry'})).toBeUndefined()
  })
})

describe('versions and perspectives', () => {
  it('shows a release, a stack of releases and drafts, raw and published', async () => {
    await diwaliRelease()
    await client.releases.create({releaseId: 'rLater', metadata: {releaseType: 'undecided'}})
    await client.createVersion({
      releaseId: 'rLater',
      publishedId: 'pro',
      document: {_id: 'versions.rLater.pro', _type: 'plan', price: 1500},
    })
    await client.create({_id: 'drafts.strangle', _type: 'indicator', price: 999})
    expect(await prices('published')).toEqual({straddle: 500, strangle: 500, pro: 2000})
    expect(await prices(['rDiwali'])).toEqual({straddle: 400, strangle: 450, pro: 1800})
    expect(await prices(['rLater', 'rDiwali'])).toEqual({straddle: 400, strangle: 450, pro: 1500})
    expect(await prices(['drafts', 'rDiwali'])).toEqual({straddle: 400, strangle: 999, pro: 1800})
    const raw = await client.fetch<string[]>(
      '*[sanity::versionOf("pro")]._id',
      {},
      {perspective: 'raw'},
    )
    expect(raw.sort()).toEqual(['pro', 'versions.rDiwali.pro', 'versions.rLater.pro'])
    const inRelease = await client.fetch<{_id: string; _originalId: string}[]>(
      '*[_id == "pro"]{_id, _originalId}',
      {},
      {perspective: ['rDiwali']},
    )
    expect(inRelease).toEqual([{_id: 'pro', _originalId: 'versions.rDiwali.pro'}])
  })

  it('lists a release’s documents with sanity::partOfRelease (client.releases.fetchDocuments)', async () => {
    await diwaliRelease()
    const {result} = await client.releases.fetchDocuments({releaseId: 'rDiwali'})
    expect(result.map(({_id}) => _id).sort()).toEqual([
      'versions.rDiwali.pro',
      'versions.rDiwali.straddle',
      'versions.rDiwali.strangle',
    ])
  })

  it('returns every form of a document with getDocument(id, {includeAllVersions})', async () => {
    await diwaliRelease()
    const forms = await client.getDocument('pro', {includeAllVersions: true})
    expect((forms as unknown as {_id: string}[]).map(({_id}) => _id).sort()).toEqual([
      'pro',
      'versions.rDiwali.pro',
    ])
    expect((await client.getDocument('pro', {releaseId: 'rDiwali'}))?.price).toBe(1800)
  })

  it('hides a document a version unpublishes in its release, and unpublishes it on publish', async () => {
    await client.releases.create({releaseId: 'rGone', metadata: {releaseType: 'asap'}})
    await client.action({
      actionType: 'sanity.action.document.version.unpublish',
      versionId: 'versions.rGone.strangle',
      publishedId: 'strangle',
    })
    expect(await prices(['rGone'])).toEqual({straddle: 500, strangle: null, pro: 2000})
    await client.releases.publish({releaseId: 'rGone'})
    expect(await client.getDocument('strangle')).toBeUndefined()
  })
})

describe('publishing a release', () => {
  it('publishes every version in one transaction and records the release as published', async () => {
    await diwaliRelease()
    const {transactionId} = await client.releases.publish({releaseId: 'rDiwali'})
    expect(await prices('published')).toEqual({straddle: 400, strangle: 450, pro: 1800})
    const revisions = await client.fetch<string[]>('*[_id in ["straddle", "strangle", "pro"]]._rev')
    expect(revisions).toEqual([transactionId, transactionId, transactionId])
    expect(await client.fetch('count(*[sanity::partOfRelease("rDiwali")])')).toBe(0)
    expect(await client.releases.get({releaseId: 'rDiwali'})).toMatchObject({
      state: 'published',
      publishedAt: expect.any(String),
      finalDocumentStates: [{id: 'straddle'}, {id: 'strangle'}, {id: 'pro'}],
    })
  })

  it('publishes nothing on a dry run', async () => {
    await diwaliRelease()
    await client.action(
      {actionType: 'sanity.action.release.publish', releaseId: 'rDiwali'},
      {dryRun: true},
    )
    expect(await prices('published')).toEqual({straddle: 500, strangle: 500, pro: 2000})
    expect((await client.releases.get({releaseId: 'rDiwali'}))?.state).toBe('active')
  })
})
