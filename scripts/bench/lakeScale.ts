// The embedded Content Lake as a dataset grows: 100, 1,000, 5,000 and 20,000 documents as editors' are (a name,
// a reference and six blocks of Portable Text rich text of varied words, about 6 KB each: lakeDocuments.ts),
// spread over ten document types, in a lake run as its own process (as `npm run lake` runs it) on a throwaway
// data folder. For each size, once the lake is at rest after the import, one request at a time: writes (a
// createOrReplace of one document), queries by id, a list (the first 10 of one type by name: a tenth of the
// dataset, sorted by groq-js), and a restart (SIGTERM, then a new process until it has answered its first
// query), with the documents' average size, the dataset's (its snapshot once stopped), the lake's resident
// memory and its files on disk.
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startChildLake, type ChildLake} from '@quantedge/content-lake/testing/childLake'
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {benchDocument} from './lakeDocuments.ts'
import {percentile} from './percentile.ts'

export const LAKE_SCALE_SIZES = [100, 1_000, 5_000, 20_000]
/** The targets, at 20,000 documents. */
export const LAKE_SCALE_TARGETS = {writeP95Ms: 10, byIdP95Ms: 10, listP50Ms: 50, restartMs: 2000}

const LIST_QUERY = '*[_type == "article"] | order(name asc) [0...10]{_id, name}'
const BY_ID_QUERY = '*[_id == $id][0]'
const SEED_BATCH = 250
const WRITES = 100
const BY_ID_QUERIES = 100
const LIST_QUERIES = 30

export type LakeScaleRow = {
  documents: number
  /** The documents' average size as written (JSON, UTF-8). */
  documentKb: number
  /** The dataset's snapshot (`production.ndjson`) once the lake has stopped and compacted. */
  datasetMb: number
  write: {p50Ms: number; p95Ms: number}
  byId: {p50Ms: number; p95Ms: number}
  list: {p50Ms: number; p95Ms: number}
  /** SIGTERM to stopped (the close compacts the journals into the snapshot). */
  stopMs: number
  /** A new process started until it said it was ready (its datasets read), and until it answered a query by id. */
  readyMs: number
  restartMs: number
  /** The lake's resident memory (its query workers included) after the queries and after the restart. */
  rssMb: number
  rssAfterRestartMb: number
  diskMb: number
}

const rounded = (ms: number) => Number(ms.toFixed(1))

function spread(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {p50Ms: rounded(percentile(sorted, 50)), p95Ms: rounded(percentile(sorted, 95))}
}

async function timed(count: number, run: (index: number) => Promise<unknown>) {
  const samples: number[] = []
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    await run(index)
    samples.push(performance.now() - started)
  }
  return samples
}

/** Resident memory of the lake's process, threads included (Linux). */
function residentMb(lake: ChildLake) {
  const status = readFileSync(`/proc/${lake.process.pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return Math.round(kb / 1024)
}

/** CPU time the lake's process has used so far, in ms (Linux: utime and stime in clock ticks of 10 ms). */
function cpuMs(lake: ChildLake) {
  const fields = readFileSync(`/proc/${lake.process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
  return (Number(fields?.[11]) + Number(fields?.[12])) * 10
}

/**
 * Until the lake has done what the import set off (a query worker applying the imported batches, the garbage
 * of parsing them collected: a few hundred ms of CPU at 20,000 documents), so that writes and queries are timed
 * against a lake at rest, one at a time, as an editor meets it: two quiet 100 ms in a row, or 10 s at most.
 */
async function settled(lake: ChildLake) {
  const giveUp = performance.now() + 10_000
  let quiet = 0
  for (let before = cpuMs(lake); quiet < 2 && performance.now() < giveUp;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = cpuMs(lake)
    quiet = now - before <= 10 ? quiet + 1 : 0
    before = now
  }
}

const folderMb = (folder: string) =>
  Math.round(
    readdirSync(folder, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .reduce((bytes, entry) => bytes + statSync(join(entry.parentPath, entry.name)).size, 0) /
      1024 /
      1024,
  )

async function benchSize(documents: number): Promise<LakeScaleRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lake-scale-'))
  let lake = await startChildLake(dataDir)
  try {
    let client = testLakeClient(lake.url, {perspective: 'published'})
    let writtenBytes = 0
    for (let start = 0; start < documents; start += SEED_BATCH) {
      const batch = Array.from({length: Math.min(SEED_BATCH, documents - start)}, (_, offset) => {
        const doc = benchDocument(start + offset)
        writtenBytes += Buffer.byteLength(JSON.stringify(doc))
        return {createOrReplace: doc}
      })
      await client.mutate(batch)
    }
    const randomIndex = () => Math.floor(Math.random() * documents)
    // The first query gives a query worker its copy of the dataset; it is part of the restart, not the list.
    await client.fetch(LIST_QUERY)
    await settled(lake)
    const writes = await timed(WRITES, (index) =>
      client.createOrReplace(benchDocument(randomIndex(), index + 1)),
    )
    const byId = await timed(BY_ID_QUERIES, () =>
      client.fetch(BY_ID_QUERY, {id: `doc-${randomIndex()}`}),
    )
    const list = await timed(LIST_QUERIES, () => client.fetch(LIST_QUERY))
    const rssMb = residentMb(lake)
    const stopping = performance.now()
    await lake.stop()
    const stopMs = Math.round(performance.now() - stopping)
    const datasetMb = rounded(statSync(join(dataDir, 'production.ndjson')).size / 1024 / 1024)
    const restarting = performance.now()
    lake = await startChildLake(dataDir)
    const readyMs = Math.round(performance.now() - restarting)
    client = testLakeClient(lake.url, {perspective: 'published'})
    await client.fetch(BY_ID_QUERY, {id: 'doc-0'})
    const restartMs = Math.round(performance.now() - restarting)
    return {
      documents,
      documentKb: rounded(writtenBytes / documents / 1024),
      datasetMb,
      write: spread(writes),
      byId: spread(byId),
      list: spread(list),
      stopMs,
      readyMs,
      restartMs,
      rssMb,
      rssAfterRestartMb: residentMb(lake),
      diskMb: folderMb(dataDir),
    }
  } finally {
    await lake.stop()
    rmSync(dataDir, {recursive: true, force: true})
  }
}

export async function benchLakeScale(sizes = LAKE_SCALE_SIZES): Promise<LakeScaleRow[]> {
  const rows: LakeScaleRow[] = []
  for (const size of sizes) rows.push(await benchSize(size))
  return rows
}

export const lakeScaleTable = (rows: LakeScaleRow[]) =>
  [
    '| documents | document KB (average) | dataset MB | write p50/p95 ms | by id p50/p95 ms | list p50/p95 ms | stop ms | restart: ready / first answer ms | RSS MB (after restart) | disk MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.documents} | ${row.documentKb} | ${row.datasetMb} | ${row.write.p50Ms} / ${row.write.p95Ms} | ${row.byId.p50Ms} / ${row.byId.p95Ms} | ${row.list.p50Ms} / ${row.list.p95Ms} | ${row.stopMs} | ${row.readyMs} / ${row.restartMs} | ${row.rssMb} (${row.rssAfterRestartMb}) | ${row.diskMb} |`,
    ),
  ].join('\n')

/** The targets the largest dataset missed, as lines. */
export function lakeScaleTargetsMissed(rows: LakeScaleRow[]): string[] {
  const largest = rows.at(-1)
  if (!largest) return []
  const {writeP95Ms, byIdP95Ms, listP50Ms, restartMs} = LAKE_SCALE_TARGETS
  const at = `at ${largest.documents} documents`
  return [
    largest.write.p95Ms > writeP95Ms &&
      `write p95 ${largest.write.p95Ms} ms > ${writeP95Ms} ms ${at}`,
    largest.byId.p95Ms > byIdP95Ms &&
      `query by id p95 ${largest.byId.p95Ms} ms > ${byIdP95Ms} ms ${at}`,
    largest.list.p50Ms > listP50Ms && `list p50 ${largest.list.p50Ms} ms > ${listP50Ms} ms ${at}`,
    largest.restartMs > restartMs && `restart ${largest.restartMs} ms > ${restartMs} ms ${at}`,
  ].filter((line): line is string => typeof line === 'string')
}
