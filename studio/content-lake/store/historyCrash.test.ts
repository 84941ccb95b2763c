// A write and its history entry are one durable step: the lake, as its own process, killed with -9 as a scheduled
// release publishes (as soon as its journal line is seen, or a few ms later), while editors keep writing. A kill that lands after the publish's journal line is on disk and
// before its entry is in the transaction log (history/production.ndjson) is the window a crash used to lose the
// entry in: the test knows it hit it by reading both files between the kill and the restart, and goes round after
// round (a new release each) until it has, within a bound. After every restart each published release has its
// `publishRelease` event in the activity the Releases tool shows.
import {mkdtempSync, readdirSync, readFileSync, rmSync, watch} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import type {SanityClient} from '@sanity/client'
import {afterEach, describe, expect, it} from 'vitest'
import {startChildLake, type ChildLake} from '../testing/childLake.ts'
import {TEST_LAKE_TOKEN, testLakeClient} from '../testing/testLake.ts'
import type {JournalLine} from './datasetText.ts'

/** The most rounds, and the most time, the test takes to land a kill in the window; it fails if none did. */
const MAX_ROUNDS = 40
const BUDGET_MS = 150_000
const WRITERS = 4

const folders: string[] = []
const lakes: ChildLake[] = []
afterEach(async () => {
  for (const lake of lakes.splice(0)) await lake.kill()
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

async function started(dataDir: string) {
  const lake = await startChildLake(dataDir)
  lakes.push(lake)
  return {lake, client: testLakeClient(lake.url)}
}

/** The transaction that published the release, as the journals on disk hold it, if they do. */
function publishInJournals(dataDir: string, releaseId: string): string | undefined {
  for (const name of readdirSync(dataDir).filter((file) => file.endsWith('.journal'))) {
    for (const line of readFileSync(join(dataDir, name), 'utf8').split('\n')) {
      if (!line.endsWith('}')) continue
      const entry = JSON.parse(line) as JournalLine
      if (entry.documents[`_.releases.${releaseId}`]?.state === 'published')
        return entry.transactionId
    }
  }
  return undefined
}

/** Whether the transaction log on disk holds the transaction. */
function logged(dataDir: string, transactionId: string) {
  const log = join(dataDir, 'history', 'production.ndjson')
  return readFileSync(log, 'utf8').includes(`{"id":${JSON.stringify(transactionId)},`)
}

/** Resolves as soon as a journal on disk holds the release's publish. */
function publishWritten(dataDir: string, releaseId: string) {
  return new Promise<void>((resolve) => {
    const look = () => {
      if (publishInJournals(dataDir, releaseId) === undefined) return
      watcher.close()
      resolve()
    }
    const watcher = watch(dataDir, (_, name) => {
      if (name?.endsWith('.journal')) look()
    })
  })
}

async function scheduleRelease(client: SanityClient, releaseId: string, price: number) {
  await client.releases.create({releaseId, metadata: {releaseType: 'scheduled'}})
  await client.createVersion({releaseId, publishedId: 'straddle', baseId: 'straddle'})
  await client.patch(`versions.${releaseId}.straddle`).set({price}).commit()
  await client.releases.schedule({
    releaseId,
    publishAt: new Date(Date.now() + 800).toISOString(),
  })
}

/** Every published release's activity, as the Releases tool reads it, has its publish. */
async function expectEveryPublishLogged(lake: ChildLake, client: SanityClient) {
  const published = await client.fetch<string[]>(
    '*[_type == "system.release" && state == "published"].name',
  )
  const unlogged: string[] = []
  for (const releaseId of published) {
    const answer = await fetch(
      `${lake.url}/v2025-02-19/data/history/production/events/releases/${releaseId}`,
      {headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`}},
    )
    const {events} = (await answer.json()) as {events: {type: string}[]}
    if (!events.some(({type}) => type === 'publishRelease')) unlogged.push(releaseId)
  }
  expect(unlogged).toEqual([])
  return published.length
}

describe('kill -9 around a scheduled publish', () => {
  it('leaves no published release without its history entry, round after round until a kill lands between the journal and the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'content-lake-history-crash-'))
    folders.push(dataDir)
    let {lake, client} = await started(dataDir)
    await client.create({_id: 'straddle', _type: 'indicator', price: 500})
    await client.create({_id: 'counter', _type: 'counter', count: 0})
    const began = performance.now()
    let landed = 0
    let rounds = 0
    while (landed === 0 && rounds < MAX_ROUNDS && performance.now() - began < BUDGET_MS) {
      rounds += 1
      const releaseId = `rRound${rounds}`
      await scheduleRelease(client, releaseId, 500 + rounds)
      const written = publishWritten(dataDir, releaseId)
      // Editors keep writing meanwhile, as they would while a release publishes.
      let killed = false
      const writers = Array.from({length: WRITERS}, async () => {
        while (!killed)
          await client
            .patch('counter')
            .inc({count: 1})
            .commit()
            .catch(() => undefined)
      })
      await written
      // Half the rounds kill at once, the others up to 5 ms later: wherever the lake is by then.
      if (Math.random() < 0.5) await sleep(Math.random() * 5)
      await lake.kill()
      killed = true
      await Promise.all(writers)
      const publish = publishInJournals(dataDir, releaseId)
      if (publish !== undefined && !logged(dataDir, publish)) landed += 1
      ;({lake, client} = await started(dataDir))
      await expectEveryPublishLogged(lake, client)
    }
    expect(landed, `no kill landed in the window in ${rounds} rounds`).toBeGreaterThan(0)
    expect(await expectEveryPublishLogged(lake, client)).toBe(rounds)
  }, 300_000)
})
