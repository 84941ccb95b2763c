// Writes to the embedded Content Lake as the Studio sends them: 20 writers sharing one HTTP/2 session for 15 s,
// against the lake run as its own process (as `npm run lake` runs it) on a throwaway data folder. Each write is
// one transaction (a new document and an inc of a shared counter); afterwards every acknowledged write is
// counted back, and the counter must equal the documents stored.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startChildLake} from '@quantedge/content-lake/testing/childLake'
import {http2Request, openHttp2Session} from '@quantedge/content-lake/testing/testHttp2'
import {TEST_LAKE_TOKEN, testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {percentile} from './percentile.ts'

export type LakeBench = {
  writers: number
  seconds: number
  acknowledged: number
  failed: number
  lost: number
  /** The counter minus the documents stored: any other value means a transaction was stored in part. */
  torn: number
  p50Ms: number
  p99Ms: number
  perSecond: number
}

export async function benchLake({writers = 20, seconds = 15} = {}): Promise<LakeBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lake-'))
  const lake = await startChildLake(dataDir)
  const session = await openHttp2Session(lake)
  try {
    const client = testLakeClient(lake.url)
    await client.create({_id: 'counter', _type: 'counter', count: 0})
    const headers = {
      ':method': 'POST',
      ':path': '/v2025-02-19/data/mutate/production',
      'content-type': 'application/json',
      'authorization': `Bearer ${TEST_LAKE_TOKEN}`,
    }
    const acknowledged: string[] = []
    const latencies: number[] = []
    let failed = 0
    const started = performance.now()
    const deadline = started + seconds * 1000
    await Promise.all(
      Array.from({length: writers}, async (_, writer) => {
        for (let n = 0; performance.now() < deadline; n += 1) {
          const id = `writer-${writer}-${n}`
          const body = JSON.stringify({
            mutations: [
              {create: {_id: id, _type: 'benchWrite', writer}},
              {patch: {id: 'counter', inc: {count: 1}}},
            ],
          })
          const before = performance.now()
          const answer = await http2Request(session, headers, body)
          if (answer.status !== 200) failed += 1
          else {
            latencies.push(performance.now() - before)
            acknowledged.push(id)
          }
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const stored = new Set(await client.fetch<string[]>('*[_type == "benchWrite"]._id'))
    const counter = (await client.getDocument<{count: number}>('counter'))?.count ?? 0
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      writers,
      seconds: Number(elapsed.toFixed(1)),
      acknowledged: acknowledged.length,
      failed,
      lost: acknowledged.filter((id) => !stored.has(id)).length,
      torn: counter - stored.size,
      p50Ms: Number(percentile(sorted, 50).toFixed(1)),
      p99Ms: Number(percentile(sorted, 99).toFixed(1)),
      perSecond: Number((acknowledged.length / elapsed).toFixed(1)),
    }
  } finally {
    session.close()
    await lake.stop()
    rmSync(dataDir, {recursive: true, force: true})
  }
}

export const lakeTable = (result: LakeBench) =>
  [
    '| writers (one HTTP/2 session) | seconds | acknowledged | failed | lost | torn | p50 ms | p99 ms | writes/s |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${result.writers} | ${result.seconds} | ${result.acknowledged} | ${result.failed} | ${result.lost} | ${result.torn} | ${result.p50Ms} | ${result.p99Ms} | ${result.perSecond} |`,
  ].join('\n')
