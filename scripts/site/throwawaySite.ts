// A throwaway site for tests and benchmarks: an embedded Content Lake in a temporary folder, seeded with the
// spec, and a build into a temporary folder. Nothing touches the data `npm start` keeps.
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {startTestLake, testLakeClient, type TestLake} from '@quantedge/studio/content-lake/testLake'
import {seedDocuments} from '../seed/documents.ts'
import {seedContentLake} from '../seed/seed.ts'
import {prerenderSite, webDir} from './prerender.ts'

export async function startSeededLake() {
  const lake = await startTestLake()
  await seedContentLake(testLakeClient(lake.url), seedDocuments)
  return lake
}

/**
 * Prerenders the site from `lake` into a new temporary folder and returns the folder's client output.
 * The folder sits inside web/ because the prerender step imports the server build, which must resolve
 * the app's packages.
 */
export async function buildSiteFrom(lake: TestLake, {supabaseUrl}: {supabaseUrl?: string} = {}) {
  mkdirSync(join(webDir, '.test-builds'), {recursive: true})
  const buildDir = mkdtempSync(join(webDir, '.test-builds', 'build-'))
  const root = await prerenderSite({
    buildDir,
    env: {
      SANITY_PROJECT_ID: 'test',
      SANITY_DATASET: 'production',
      SANITY_API_HOST: lake.url,
      ...(supabaseUrl ? {VITE_SUPABASE_URL: supabaseUrl} : {}),
    },
  })
  return {root, remove: () => rmSync(buildDir, {recursive: true, force: true})}
}
