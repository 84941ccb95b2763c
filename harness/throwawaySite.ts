// A throwaway site for tests and benchmarks: an embedded Content Lake in a temporary folder, seeded with the
// spec, and a build into a temporary folder. Nothing touches the data `npm start` keeps.
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
  type TestLakeOptions,
} from '@quantedge/content-lake/testing/testLake'
import type {WebhookConfig} from '@quantedge/content-lake/webhooks'
import {seedContentLake} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'
import {compileSite, prerenderSite, webDir} from '@quantedge/web/prerender'

/**
 * A lake holding the seed, and `more` documents (a bench's content); `webhooks` are attached after seeding, so
 * seeding triggers none.
 */
export async function startSeededLake(
  webhooks: WebhookConfig[] = [],
  options: TestLakeOptions = {},
  more: readonly {_id: string; _type: string}[] = [],
) {
  const attached: WebhookConfig[] = []
  const lake = await startTestLake(undefined, attached, options)
  await seedContentLake(testLakeClient(lake.url), [...seedDocuments, ...more])
  attached.push(...webhooks)
  return lake
}

/**
 * Prerenders the site from `lake` into a new temporary folder and returns the folder's client output.
 * The folder sits inside web/ because the prerender step imports the server build, which must resolve
 * the app's packages.
 */
export async function buildSiteFrom(lake: TestLake, {supabaseUrl}: {supabaseUrl?: string} = {}) {
  const buildDir = temporaryWebFolder('build')
  const root = await prerenderSite({buildDir, env: siteBuildEnv(lake, supabaseUrl)})
  return {root, remove: () => rmSync(buildDir, {recursive: true, force: true})}
}

/**
 * The site build a deployed publish hook renders from (servers/publish-hook/main.ts), in a new temporary folder: a
 * kept build's copy, or compiled with its prerender reading `lake`.
 */
export async function siteBuildFrom(lake: TestLake) {
  const buildDir = temporaryWebFolder('site-build')
  await compileSite({buildDir, env: siteBuildEnv(lake)})
  return {dir: buildDir, remove: () => rmSync(buildDir, {recursive: true, force: true})}
}

/** The settings a build from `lake` runs with. */
export const siteBuildEnv = (lake: TestLake, supabaseUrl?: string) => ({
  SANITY_PROJECT_ID: 'test',
  SANITY_DATASET: 'production',
  SANITY_API_HOST: lake.url,
  ...(supabaseUrl ? {VITE_SUPABASE_URL: supabaseUrl} : {}),
})

/** A new temporary folder inside web/ (builds must resolve the app's packages), removed by the caller. */
export function temporaryWebFolder(prefix: string) {
  mkdirSync(join(webDir, '.test-builds'), {recursive: true})
  return mkdtempSync(join(webDir, '.test-builds', `${prefix}-`))
}
