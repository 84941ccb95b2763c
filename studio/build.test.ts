// The Studio builds offline: `sanity build` needs no network and no Sanity project. Built for the embedded lake,
// its page starts with lakeRoute/bootstrap.ts, which knows the Studio's own script and the lake's addresses, and
// the service worker is served from the root, where its scope covers the Studio.
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {Script} from 'node:vm'
import {afterAll, expect, it} from 'vitest'
import {buildStudio, studioEnv, studioLakeAddresses} from './serve/build.ts'

const studioDir = import.meta.dirname
const outDir = mkdtempSync(join(studioDir, 'dist-test-'))
afterAll(() => rmSync(outDir, {recursive: true, force: true}))

const lake = studioLakeAddresses({port: 4444, securePort: 4443, streamPorts: [4445, 4446]})

it('builds the Studio into a static app whose page chooses the route to the embedded lake first', async () => {
  process.env.NO_UPDATE_NOTIFIER = '1'
  process.env.SANITY_TELEMETRY_DISABLED = '1'
  await buildStudio(outDir, studioEnv({previewUrl: 'http://localhost:3001', lake}, {}))
  const index = readFileSync(join(outDir, 'index.html'), 'utf8')
  const scripts = [...index.matchAll(/<script src="([^"]+)" type="module">/g)].map(
    ([, src]) => new URL(src!.replaceAll('&amp;', '&'), 'http://localhost:3333'),
  )
  expect(scripts.map(({pathname}) => pathname)).toEqual(['/lake-bootstrap.js'])
  const settings = Object.fromEntries(scripts[0]!.searchParams)
  expect(settings).toMatchObject({
    secure: 'https://localhost:4443',
    plain: 'http://localhost:4444',
    streams: 'http://127.0.0.1:4445,http://127.0.0.1:4446',
  })
  expect(existsSync(join(outDir, settings.entry ?? 'missing'))).toBe(true)
  expect(readFileSync(join(outDir, 'lake-bootstrap.js'), 'utf8')).toContain(
    'navigator.serviceWorker',
  )
  // The worker is a classic script: it compiles as one, with its types gone.
  expect(() => new Script(readFileSync(join(outDir, 'lake-worker.js'), 'utf8'))).not.toThrow()
}, 300_000)
