// The Studio builds offline: `sanity build` needs no network and no Sanity project.
import {execFile} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, expect, it} from 'vitest'

const studioDir = import.meta.dirname
const outDir = mkdtempSync(join(studioDir, 'dist-test-'))
afterAll(() => rmSync(outDir, {recursive: true, force: true}))

it('builds the Studio into a static app', async () => {
  await promisify(execFile)('sanity', ['build', outDir, '--yes'], {
    cwd: studioDir,
    env: {...process.env, NO_UPDATE_NOTIFIER: '1', SANITY_TELEMETRY_DISABLED: '1'},
    maxBuffer: 16 * 1024 * 1024,
  })
  expect(existsSync(join(outDir, 'index.html'))).toBe(true)
  expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('<script')
}, 180_000)
