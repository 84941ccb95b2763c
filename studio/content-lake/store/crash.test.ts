// The lake killed with -9 in the middle of a burst of writes, as a crash or a closed terminal would: every
// write it acknowledged is there after a restart, every transaction is whole, and the restart needs no
// cleanup by hand (the data-folder lock of the killed process goes stale; no process id is trusted). The same
// holds when the kill comes as the lake starts compacting a dataset's journal into its snapshot.
import {mkdirSync, mkdtempSync, rmSync, utimesSync, watch, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {afterEach, describe, expect, it} from 'vitest'
import {startChildLake, type ChildLake} from '../testing/childLake.ts'
import {TEST_LAKE_TOKEN, testLakeClient} from '../testing/testLake.ts'

const WRITERS = 20
const ROUNDS = 5

const folders: string[] = []
const lakes: ChildLake[] = []
afterEach(async () => {
  for (const lake of lakes.splice(0)) await lake.kill()
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function throwawayFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'content-lake-crash-'))
  folders.push(folder)
  return folder
}

async function started(dataDir: string, env: Record<string, string> = {}) {
  const lake = await startChildLake(dataDir, env)
  lakes.push(lake)
  return lake
}

/** One transaction: a new document and the counter's inc, so a stored half would show. */
const write = (lake: ChildLake, id: string, fields: Record<string, unknown> = {}) =>
  fetch(`${lake.url}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: {'Authorization': `Bearer ${TEST_LAKE_TOKEN}`, 'Content-Type': 'application/json'},
    body: JSON.stringify({
      mutations: [
        {create: {_id: id, _type: 'burst', ...fields}},
        {patch: {id: 'counter', inc: {count: 1}}},
      ],
    }),
  }).then((response) => response.ok)

/** Resolves when the lake starts writing a new snapshot of the dataset (datasetFile.ts). */
function compactionStarts(dataDir: string) {
  return new Promise<void>((resolve) => {
    const watcher = watch(dataDir, (_, name) => {
      if (name !== 'production.ndjson.compacting') return
      watcher.close()
      resolve()
    })
  })
}

/** Every acknowledged id is stored, and the counter counts exactly the stored documents. */
async function expectAllStored(lake: ChildLake, acknowledged: string[]) {
  const client = testLakeClient(lake.url)
  const stored = new Set(await client.fetch<string[]>('*[_type == "burst"]._id'))
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
  expect((await client.getDocument('counter'))?.count).toBe(stored.size)
}

describe('kill -9', () => {
  it('loses no acknowledged write when killed at a random moment of a 20-writer burst, five times over', async () => {
    const dataDir = throwawayFolder()
    const acknowledged: string[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      const lake = await started(dataDir)
      if (round === 0)
        await testLakeClient(lake.url).create({_id: 'counter', _type: 'counter', count: 0})
      let killed = false
      const before = acknowledged.length
      const writers = Array.from({length: WRITERS}, async (_, writer) => {
        for (let n = 0; !killed; n += 1) {
          const id = `round-${round}-writer-${writer}-${n}`
          if (await write(lake, id).catch(() => false)) acknowledged.push(id)
        }
      })
      // A random moment counted in acknowledged writes, not in time: as many on a slow machine as on a fast one.
      const killAfter = WRITERS + Math.floor(Math.random() * 4 * WRITERS)
      while (acknowledged.length - before < killAfter) await sleep(5)
      await lake.kill()
      killed = true
      await Promise.all(writers)
    }
    expect(acknowledged.length).toBeGreaterThan(WRITERS * ROUNDS)
    await expectAllStored(await started(dataDir), acknowledged)
  }, 180_000)

  it('loses no acknowledged write when killed as a compaction starts during a burst, five times over', async () => {
    // Compacting whenever the journal outgrows the snapshot: many compactions, each of a growing snapshot.
    const env = {CONTENT_LAKE_COMPACT_AFTER_BYTES: '1'}
    for (let round = 0; round < ROUNDS; round += 1) {
      const dataDir = throwawayFolder()
      const lake = await started(dataDir, env)
      await testLakeClient(lake.url).create({_id: 'counter', _type: 'counter', count: 0})
      const acknowledged: string[] = []
      let killed = false
      const writers = Array.from({length: WRITERS}, async (_, writer) => {
        for (let n = 0; !killed; n += 1) {
          const id = `writer-${writer}-${n}`
          const text = `${id} `.repeat(200)
          if (await write(lake, id, {text}).catch(() => false)) acknowledged.push(id)
        }
      })
      const killAfter = Math.floor(Math.random() * 2 * WRITERS)
      while (acknowledged.length < killAfter) await sleep(5)
      await compactionStarts(dataDir)
      await lake.kill()
      killed = true
      await Promise.all(writers)
      const restarted = await started(dataDir, env)
      await expectAllStored(restarted, acknowledged)
      await restarted.stop()
    }
  }, 180_000)

  it('starts over a stale lock and a leftover lake.pid that name a live, unrelated process', async () => {
    const dataDir = throwawayFolder()
    const longAgo = new Date(Date.now() - 60_000)
    mkdirSync(join(dataDir, 'in-use.lock'))
    utimesSync(join(dataDir, 'in-use.lock'), longAgo, longAgo)
    // This test runner is alive and is not a lake: what a reused process id looks like.
    writeFileSync(
      join(dataDir, 'in-use.json'),
      JSON.stringify({owner: 'the embedded Content Lake', pid: process.pid, since: longAgo}),
    )
    writeFileSync(join(dataDir, 'lake.pid'), String(process.pid))
    const lake = await started(dataDir)
    expect(await (await fetch(`${lake.url}/v1/ping`)).text()).toBe('PONG')
  }, 60_000)
})
