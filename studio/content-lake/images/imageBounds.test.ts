// Heavy image requests against a lake with small image limits, over HTTP: each ends with an answer (a variant,
// or a 4xx/5xx in the CDN's words saying which bound it met), never a hung request, and the lake keeps answering
// everyone else. As libvips' own limits bound pixels (sharp's limitInputPixels), the lake bounds time and memory
// by ending the process a runaway call runs in. How fast is the benchmark's question (BENCH_ONLY=image-load);
// the bounds here are backstops.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startContentLake, type ContentLake} from '../server.ts'
import {oneColourPng, quadrants, svgFilterBomb} from '../testing/testImages.ts'
import {TEST_LAKE_TOKEN, testLakeClient} from '../testing/testLake.ts'

const LIMITS = {transformMs: 2_000, waitMs: 1_000, analysisMs: 60_000}
/** However busy the machine, an answer comes within the wait and the run, and this much more. */
const BACKSTOP_MS = 30_000

const dataDir = mkdtempSync(join(tmpdir(), 'lake-image-bounds-'))
let lake: ContentLake
let bombUrl: string
let pictureUrl: string

beforeAll(async () => {
  lake = await startContentLake({dataDir, token: TEST_LAKE_TOKEN, port: 0, imageLimits: LIMITS})
  const client = testLakeClient(lake.url)
  bombUrl = (await client.assets.upload('image', svgFilterBomb())).url
  pictureUrl = (await client.assets.upload('image', await quadrants(400, 300))).url
})
afterAll(async () => {
  await lake.close()
  rmSync(dataDir, {recursive: true, force: true})
})

/** A request's status, its body when it is an error, and how long it took. */
async function timed(url: string, init?: RequestInit) {
  const started = performance.now()
  const response = await fetch(url, init)
  const body = Buffer.from(await response.arrayBuffer())
  return {
    status: response.status,
    error: response.ok ? undefined : (JSON.parse(body.toString()) as {message?: string}),
    ms: performance.now() - started,
  }
}

const ping = async () => (await fetch(`${lake.url}/v1/ping`)).status

describe('one heavy request', () => {
  it('stops drawing an SVG at 8192 px at the transform budget with a 422, and answers others meanwhile', async () => {
    const drawing = timed(`${bombUrl}?w=8192&fm=png`)
    expect(await ping()).toBe(200)
    const answer = await drawing
    expect(answer).toMatchObject({
      status: 422,
      error: {
        statusCode: 422,
        message:
          "Making the variant took longer than 2 s, the embedded Content Lake's limit for one image; ask for a smaller one",
      },
    })
    expect(answer.ms).toBeLessThan(LIMITS.transformMs + BACKSTOP_MS)
    expect((await timed(`${bombUrl}?w=64&fm=png`)).status).toBe(200)
  })

  it('answers the largest AVIF the URL API allows within its bounds, made or refused', async () => {
    const answer = await timed(`${pictureUrl}?w=8192&h=8192&dpr=3&fm=avif`)
    expect([200, 422]).toContain(answer.status)
    expect(answer.ms).toBeLessThan(LIMITS.transformMs + BACKSTOP_MS)
  })
})

describe('many at once', () => {
  it('answers 20 heavy transforms and a 256-megapixel upload, each within its bounds, pinging meanwhile', async () => {
    const heavy = Array.from({length: 20}, (_, index) =>
      index % 2 === 0
        ? `${bombUrl}?w=8192&fm=webp&q=${index + 1}`
        : `${pictureUrl}?w=8192&h=8192&dpr=3&fm=avif&q=${index + 1}`,
    )
    const bomb = await oneColourPng(16_000)
    let loaded = true
    const pings: number[] = []
    const pinger = (async () => {
      while (loaded) pings.push(await ping())
    })()
    const [upload, ...answers] = await Promise.all([
      timed(`${lake.url}/v2025-02-19/assets/images/production`, {
        method: 'POST',
        headers: {Authorization: `Bearer ${TEST_LAKE_TOKEN}`},
        body: new Uint8Array(bomb),
      }),
      ...heavy.map((url) => timed(url)),
    ])
    loaded = false
    await pinger
    for (const answer of answers) {
      // A variant, one stopped at its budget, or one that waited its turn too long: never a hang, never a 500.
      expect([200, 422, 503]).toContain(answer.status)
      if (answer.status !== 200) expect(answer.error?.message).toEqual(expect.any(String))
      expect(answer.ms).toBeLessThan(LIMITS.waitMs + LIMITS.transformMs + BACKSTOP_MS)
    }
    // Read (about 5 s alone), or refused past its budget on a machine far slower: an answer either way.
    expect([200, 400]).toContain(upload.status)
    expect(upload.ms).toBeLessThan(LIMITS.analysisMs + BACKSTOP_MS)
    expect(pings.length).toBeGreaterThan(0)
    expect(pings.every((status) => status === 200)).toBe(true)
    expect((await timed(`${pictureUrl}?w=50`)).status).toBe(200)
  }, 180_000)
})
