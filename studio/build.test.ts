// The Studio builds offline: `sanity build` needs no network and no Sanity project. Built for the embedded lake,
// its page starts with lakeRoute/bootstrap.ts, which knows the Studio's own script and the lake's addresses, and
// the service worker is served from the root, where its scope covers the Studio. The bundle is the run's one Studio
// build (the kept builds every Studio of the run starts from): on a fresh clone `sanity build` makes it here or in
// the first stack that needs it, and nothing builds it twice.
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {Script} from 'node:vm'
import {afterAll, expect, it, vi} from 'vitest'
import {buildStudio, studioEnv, studioLakeAddresses} from './serve/build.ts'

const studioDir = import.meta.dirname
const outDir = mkdtempSync(join(studioDir, 'dist-test-'))
const otherOutDir = mkdtempSync(join(studioDir, 'dist-test-'))
afterAll(() => {
  vi.unstubAllEnvs()
  for (const folder of [outDir, otherOutDir]) rmSync(folder, {recursive: true, force: true})
})

const lake = studioLakeAddresses({port: 4444, securePort: 4443, streamPorts: [4445, 4446]})

/** The settings in the URL of the page's one module script (the bootstrap's), and that script's path. */
function pageSettings(folder: string) {
  const index = readFileSync(join(folder, 'index.html'), 'utf8')
  const scripts = [...index.matchAll(/<script src="([^"]+)" type="module">/g)].map(
    ([, src]) => new URL(src!.replaceAll('&amp;', '&'), 'http://localhost:3333'),
  )
  return {
    paths: scripts.map(({pathname}) => pathname),
    settings: Object.fromEntries(scripts[0]?.searchParams ?? []),
  }
}

it('builds the Studio into a static app whose page chooses the route to the embedded lake first', async () => {
  vi.stubEnv('NO_UPDATE_NOTIFIER', '1')
  vi.stubEnv('SANITY_TELEMETRY_DISABLED', '1')
  await buildStudio(outDir, studioEnv({previewUrl: 'http://localhost:3001', lake}, {}))
  const {paths, settings} = pageSettings(outDir)
  expect(paths).toEqual(['/lake-bootstrap.js'])
  expect(settings).toMatchObject({
    secure: 'https://localhost:4443',
    plain: 'http://localhost:4444',
    streams: 'http://127.0.0.1:4445,http://127.0.0.1:4446',
    preview: 'http://localhost:3001',
  })
  expect(existsSync(join(outDir, settings.entry ?? 'missing'))).toBe(true)
  expect(readFileSync(join(outDir, 'lake-bootstrap.js'), 'utf8')).toContain(
    'navigator.serviceWorker',
  )
  // The worker is a classic script: it compiles as one, with its types gone.
  expect(() => new Script(readFileSync(join(outDir, 'lake-worker.js'), 'utf8'))).not.toThrow()
}, 300_000)

it('gives a Studio for other addresses the same bundle, kept, its page naming the new ones', async () => {
  const other = studioLakeAddresses({port: 5444, securePort: 5443, streamPorts: [5445]})
  await buildStudio(otherOutDir, studioEnv({previewUrl: 'http://localhost:5001', lake: other}, {}))
  const first = pageSettings(outDir).settings
  const second = pageSettings(otherOutDir).settings
  expect(second).toMatchObject({
    secure: 'https://localhost:5443',
    plain: 'http://localhost:5444',
    streams: 'http://127.0.0.1:5445',
    preview: 'http://localhost:5001',
  })
  expect(second.entry).toBe(first.entry)
  expect(readFileSync(join(otherOutDir, second.entry!), 'utf8')).toBe(
    readFileSync(join(outDir, first.entry!), 'utf8'),
  )
}, 300_000)
