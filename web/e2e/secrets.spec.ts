// Only public settings reach the browser: no service-role key, JWT secret or Content Lake token in any
// file of the built site. The public anon key is there, which shows the scan reads the right files.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {TEST_LAKE_TOKEN} from '@quantedge/content-lake/testing/testLake'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from '@quantedge/supabase/local/keys'
import {EMBEDDED_LAKE_TOKEN} from '@quantedge/content-lake/settings'
import {expect, test} from './support/fixtures.ts'

const builtFiles = () => {
  const root = process.env.E2E_BUILD_ROOT
  if (!root)
    throw new Error('E2E_BUILD_ROOT is not set: run the browser tests through playwright.config.ts')
  return readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && !/\.(br|gz|mp4|webp|png|jpg)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

test('no secret in any built client asset', () => {
  const files = builtFiles()
  expect(files.some((file) => file.endsWith('.js'))).toBe(true)
  const secrets = {DEMO_SERVICE_ROLE_KEY, DEMO_JWT_SECRET, TEST_LAKE_TOKEN, EMBEDDED_LAKE_TOKEN}
  const leaks = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return Object.entries(secrets)
      .filter(([, secret]) => text.includes(secret))
      .map(([name]) => `${name} in ${file}`)
  })
  expect(leaks).toEqual([])
  expect(files.some((file) => readFileSync(file, 'utf8').includes(DEMO_ANON_KEY))).toBe(true)
})
