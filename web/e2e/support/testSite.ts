// A site built for tests: a throwaway embedded Content Lake seeded with the spec, a build into a temporary
// folder, and the same static server `npm start` uses, on a free port. Nothing touches `npm start`'s data.
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {createClient, type SanityClient} from '@sanity/client'
import {startTestLake, TEST_LAKE_TOKEN, type TestLake} from '@quantedge/studio/content-lake/testLake'
import {seedDocuments} from '../../../scripts/seed/documents.ts'
import {seedContentLake} from '../../../scripts/seed/seed.ts'
import {prerenderSite, webDir} from '../../../scripts/site/prerender.ts'

export const writeClient = (lake: TestLake): SanityClient =>
  createClient({
    projectId: 'test',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost: lake.url,
    useProjectHostname: false,
    useCdn: false,
    token: TEST_LAKE_TOKEN,
  })

export async function startSeededLake() {
  const lake = await startTestLake()
  await seedContentLake(writeClient(lake), seedDocuments)
  return lake
}

/**
 * Prerenders the site from `lake` into a new temporary folder and returns the folder's client output.
 * The folder sits inside web/ because the prerender step imports the server build, which must resolve
 * the app's packages.
 */
export async function buildSiteFrom(lake: TestLake) {
  mkdirSync(join(webDir, '.test-builds'), {recursive: true})
  const buildDir = mkdtempSync(join(webDir, '.test-builds', 'build-'))
  const root = await prerenderSite({
    buildDir,
    env: {SANITY_PROJECT_ID: 'test', SANITY_DATASET: 'production', SANITY_API_HOST: lake.url},
  })
  return {root, remove: () => rmSync(buildDir, {recursive: true, force: true})}
}
