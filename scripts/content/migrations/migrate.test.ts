// A migration in Sanity's layout (defineMigration) run by `npm run content -- migrate` against a throwaway lake: a
// dry run lists the changes and writes nothing, a real run applies them in batches, and a second run finds nothing
// to change. The migration renames a field (fixtures/rename-summary-to-excerpt).
import {join} from 'node:path'
import type {SanityDocument} from '@sanity/client'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {loadMigration, runMigrateCommand} from './migrateCommand.ts'

let lake: TestLake
const client = () => testLakeClient(lake.url)
const fixtures = join(import.meta.dirname, 'fixtures')
const everything = () =>
  client().fetch<SanityDocument[]>(
    '*[!(_id in path("_.**"))] | order(_id)',
    {},
    {perspective: 'raw'},
  )

beforeAll(async () => {
  lake = await startTestLake()
  await client()
    .transaction()
    .create({_id: 'post-1', _type: 'post', title: 'One', summary: 'First post'})
    .create({_id: 'drafts.post-1', _type: 'post', title: 'One', summary: 'First draft'})
    .create({_id: 'post-2', _type: 'post', title: 'Two', excerpt: 'Already moved'})
    .create({_id: 'author-1', _type: 'author', name: 'Asha', summary: 'Not a post'})
    .commit()
})
afterAll(() => lake.close())

/** Runs the command as `npm run content -- migrate` does, returning what it printed and its last line. */
async function migrate(...args: string[]) {
  const printed: string[] = []
  const last = await runMigrateCommand(client(), args, {
    folder: fixtures,
    print: (line) => printed.push(line),
  })
  return {printed, last}
}

describe('npm run content -- migrate', () => {
  it('lists the changes of a dry run and writes nothing', async () => {
    const before = await everything()
    const {printed, last} = await migrate('rename-summary-to-excerpt')
    expect(printed).toEqual([
      'Dry run of "Rename post.summary to post.excerpt" on dataset production',
      'patch post-1',
      '  setIfMissing excerpt = "First post"',
      'patch post-1',
      '  unset summary',
      'patch drafts.post-1',
      '  setIfMissing excerpt = "First draft"',
      'patch drafts.post-1',
      '  unset summary',
    ])
    expect(last).toMatch(
      /^Dry run: 4 mutations in 1 batch, from 3 documents read; nothing was written/,
    )
    expect(await everything()).toEqual(before)
  })

  it('applies them with --no-dry-run, and a second run finds nothing to change', async () => {
    const {printed, last} = await migrate('rename-summary-to-excerpt', '--no-dry-run')
    expect(printed[1]).toMatch(/^Committed transaction [0-9a-f-]{36} \(4 mutations\)$/)
    expect(last).toBe('Applied 4 mutations in 1 batch, from 3 documents read.')
    const documents = await everything()
    expect(documents.map(({_id, summary, excerpt}) => ({_id, summary, excerpt}))).toEqual([
      {_id: 'author-1', summary: 'Not a post', excerpt: undefined},
      {_id: 'drafts.post-1', summary: undefined, excerpt: 'First draft'},
      {_id: 'post-1', summary: undefined, excerpt: 'First post'},
      {_id: 'post-2', summary: undefined, excerpt: 'Already moved'},
    ])
    const again = await migrate('rename-summary-to-excerpt', '--no-dry-run')
    expect(again.last).toBe('Nothing to change: 3 documents read, none needs this migration.')
    expect(await everything()).toEqual(documents)
  })

  it('names the migrations there are when asked for one there is not', async () => {
    await expect(loadMigration('rename-nothing', fixtures)).rejects.toThrow(
      /No migration named "rename-nothing" in .*fixtures \(it has: rename-summary-to-excerpt\)/,
    )
    await expect(loadMigration('../fixtures', fixtures)).rejects.toThrow(/No migration named/)
  })
})
