// The publish hook says it is ready only once its render process has warmed up and its Content Lake answers (the
// site server beside it is ready as soon as it serves a release): a hook whose lake is not there yet is not ready,
// and becomes ready when the lake comes.
import {afterAll, beforeAll, expect, it} from 'vitest'
import {startTestLake, type TestLake} from '@quantedge/content-lake/testing/testLake'
import {freePort} from '@quantedge/test-support/freePort'
import {
  buildSiteFrom,
  siteBuildEnv,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import {prerenderSite} from '@quantedge/web/prerender'
import {startLiveSite} from './live.ts'

let build: Awaited<ReturnType<typeof buildSiteFrom>>
let live: Awaited<ReturnType<typeof startLiveSite>>
let lakePort: number
let lateLake: TestLake | undefined
let warm = false

beforeAll(async () => {
  const seeded = await startSeededLake()
  build = await buildSiteFrom(seeded).finally(() => seeded.close())
  // The hook's lake: an address where nothing answers yet.
  lakePort = await freePort()
  live = await startLiveSite({
    // A full build's output, as npm start serves it: its render process warms up after the start.
    site: {
      prerendered: build.root,
      build: (buildDir) => prerenderSite({buildDir, env: siteBuildEnv(seeded)}),
    },
    sitePort: 0,
    env: {...siteBuildEnv(seeded), SANITY_API_HOST: `http://127.0.0.1:${lakePort}`},
    hookEnv: {
      port: 0,
      secret: 'test-webhook-secret',
      debounceMs: 300,
      renderDebounceMs: 100,
      followLive: false,
      releasesDir: temporaryWebFolder('releases'),
      peerSites: [],
    },
  })
  void live.prepared.then(() => (warm = true))
}, 180_000)
afterAll(async () => {
  await live?.close()
  await lateLake?.close()
  build?.remove()
})

type Readiness = {status: string; checks: Record<string, {ok: boolean; detail: string}>}

const hookOrigin = () => new URL(live.hook.url).origin
async function readiness(origin: string) {
  const response = await fetch(`${origin}/readyz`)
  return {status: response.status, body: (await response.json()) as Readiness}
}

it('is not ready while it warms up or its lake does not answer, and ready once both are done', async () => {
  const warmBefore = warm
  const first = await readiness(hookOrigin())
  expect(first.status).toBe(503)
  expect(first.body.checks.lake).toMatchObject({ok: false})
  expect(first.body.checks.lake!.detail).toMatch(/^the Content Lake does not answer/)
  // Until the render process has warmed up, the answer says so.
  if (!warmBefore && !warm)
    expect(first.body.checks.warmedUp).toEqual({
      ok: false,
      detail: 'the render process is warming up',
    })
  // The site beside it serves its release all along, so the edge may send visitors to it.
  expect((await readiness(live.site.url)).status).toBe(200)
  expect((await fetch(`${hookOrigin()}/healthz`)).status).toBe(200)

  await live.prepared
  const warmedUp = await readiness(hookOrigin())
  expect(warmedUp.status).toBe(503)
  expect(warmedUp.body.checks.warmedUp).toEqual({ok: true, detail: 'the render process is warm'})

  lateLake = await startTestLake(undefined, [], {port: lakePort})
  // The lake's answer is kept two seconds (an open /readyz is not a request to the lake each time).
  await expect.poll(async () => (await readiness(hookOrigin())).status, {timeout: 15_000}).toBe(200)
  const ready = await readiness(hookOrigin())
  expect(ready.body).toMatchObject({
    status: 'ready',
    checks: {warmedUp: {ok: true}, lake: {ok: true, detail: 'the Content Lake answers'}},
  })
})
