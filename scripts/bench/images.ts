// Images through the embedded lake's image URL API, as a page's visitors ask for them: a 4000x3000 photo (about
// 5 MB) uploaded once, then variants a srcset names (640 to 1280 px, 16:9, in AVIF, WebP and JPEG by Accept), each
// first made (cold: decode, scale, encode and keep) and then asked for again, five times (kept: read from disk).
// Meanwhile a ping measures whether transforms hold the lake's event loop. The lake runs as its own process, as
// `npm run lake` runs it.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startChildLake} from '@quantedge/content-lake/testing/childLake'
import {photo} from '@quantedge/content-lake/testing/testImages'
import {testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {percentile} from './percentile.ts'

type Timing = {p50Ms: number; p95Ms: number; maxMs: number}
export type ImagesBench = {
  photoBytes: number
  uploadMs: number
  variants: number
  cold: Timing
  kept: Timing
  /** Bytes of the variant a 390 px phone at 2x takes (640 px, AVIF). */
  phoneBytes: number
  pingDuringCold: Timing
  keptSameBytes: boolean
}

/** A cached variant should be answered as fast as a small file. */
export const KEPT_P95_TARGET_MS = 20

const ACCEPTS = {
  avif: 'image/avif,image/webp,*/*',
  webp: 'image/webp,*/*',
  jpeg: '*/*',
}
const WIDTHS = [640, 960, 1280]
/** Each kept variant is asked for this many times, for a p95 of more than a handful of samples. */
const KEPT_ROUNDS = 5

export async function benchImages(): Promise<ImagesBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-images-'))
  const lake = await startChildLake(dataDir)
  try {
    const original = await photo(4000, 3000)
    const uploadStarted = performance.now()
    const asset = await testLakeClient(lake.url).assets.upload('image', original)
    const uploadMs = performance.now() - uploadStarted
    const requests = WIDTHS.flatMap((width) =>
      Object.values(ACCEPTS).map((accept) => ({
        url: `${asset.url}?w=${width}&h=${Math.round((width * 9) / 16)}&fit=crop&auto=format`,
        accept,
      })),
    )
    const pings: number[] = []
    let pinging = true
    const pinger = (async () => {
      while (pinging) {
        const before = performance.now()
        await fetch(`${lake.url}/v1/ping`)
        pings.push(performance.now() - before)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const cold: number[] = []
    const first: Buffer[] = []
    for (const {url, accept} of requests) {
      const {ms, bytes} = await timed(url, accept, 'MISS')
      cold.push(ms)
      first.push(bytes)
    }
    pinging = false
    await pinger
    const kept: number[] = []
    let keptSameBytes = true
    for (let round = 0; round < KEPT_ROUNDS; round += 1)
      for (const [index, {url, accept}] of requests.entries()) {
        const {ms, bytes} = await timed(url, accept, 'HIT')
        kept.push(ms)
        keptSameBytes &&= bytes.equals(first[index] ?? Buffer.alloc(0))
      }
    return {
      photoBytes: original.length,
      uploadMs: Math.round(uploadMs),
      variants: requests.length,
      cold: timing(cold),
      kept: timing(kept),
      phoneBytes: first[0]?.length ?? 0,
      pingDuringCold: timing(pings),
      keptSameBytes,
    }
  } finally {
    await lake.stop()
    rmSync(dataDir, {recursive: true, force: true})
  }
}

async function timed(url: string, accept: string, expected: 'MISS' | 'HIT') {
  const before = performance.now()
  const response = await fetch(url, {headers: {Accept: accept}})
  const bytes = Buffer.from(await response.arrayBuffer())
  const ms = performance.now() - before
  const cache = response.headers.get('x-cache')
  if (response.status !== 200 || cache !== expected)
    throw new Error(
      `${url} (${accept}): ${response.status}, X-Cache ${cache}, expected ${expected}`,
    )
  return {ms, bytes}
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (value: number) => Number(value.toFixed(1))
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  }
}

export const imagesTable = (result: ImagesBench) =>
  [
    `A ${(result.photoBytes / 1e6).toFixed(1)} MB 4000x3000 JPEG uploaded in ${result.uploadMs} ms (metadata included); ${result.variants} variants (640, 960, 1280 px wide, 16:9; AVIF, WebP, JPEG by Accept); the 640 px AVIF a phone takes: ${(result.phoneBytes / 1000).toFixed(1)} kB.`,
    '',
    '| request | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|',
    `| variant made (cold) | ${result.cold.p50Ms} | ${result.cold.p95Ms} | ${result.cold.maxMs} |`,
    `| variant kept (cached) | ${result.kept.p50Ms} | ${result.kept.p95Ms} | ${result.kept.maxMs} |`,
    `| /v1/ping while variants are made | ${result.pingDuringCold.p50Ms} | ${result.pingDuringCold.p95Ms} | ${result.pingDuringCold.maxMs} |`,
  ].join('\n')
