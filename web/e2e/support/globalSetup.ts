// Builds the site once from a seeded throwaway lake, stops the lake (the pages must not need it), and serves
// the build on a free port for every test. E2E_BASE_URL tells the tests where.
import {assertChromium} from './chromium.ts'
import {startSiteServer} from '../../../scripts/site/server.ts'
import {buildSiteFrom, startSeededLake} from '../../../scripts/site/throwawaySite.ts'

export default async function globalSetup() {
  assertChromium()
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake).finally(() => lake.close())
  const site = await startSiteServer(build.root, 0)
  process.env.E2E_BASE_URL = site.url
  return async () => {
    await site.close()
    build.remove()
  }
}
