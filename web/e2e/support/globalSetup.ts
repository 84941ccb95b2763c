// Starts a throwaway supabase/local, builds the site once from a seeded throwaway lake (then stops the lake:
// the pages must not need it), and serves the build on a free port for every test.
// E2E_BASE_URL, E2E_SUPABASE_URL, E2E_MAILBOX_URL and E2E_BUILD_ROOT tell the tests where.
import {startTestSupabase} from '@quantedge/supabase/local/testing/testSupabase'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {assertHeadlessShell} from '@quantedge/test-support/chromium'

export default async function globalSetup() {
  assertHeadlessShell()
  const supabase = await startTestSupabase()
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake, {supabaseUrl: supabase.url}).finally(() => lake.close())
  const site = await startSiteServer(build.root, 0)
  process.env.E2E_BASE_URL = site.url
  process.env.E2E_SUPABASE_URL = supabase.url
  process.env.E2E_MAILBOX_URL = supabase.mailboxUrl
  process.env.E2E_BUILD_ROOT = build.root
  return async () => {
    await site.close()
    await supabase.close()
    build.remove()
  }
}
