// Workspaces reach each other through package exports only: ESLint (eslint.config.js) refuses a relative import
// that crosses into another workspace, and lets one inside a workspace through. What ships never imports a
// development stand-in (the embedded lake, supabase/local) or the test harness; its tests may. The harness
// (harness/, @quantedge/test-support) starts the lake, the servers, the site and the Studio, so it stands above them
// all: only what tests them imports it (tests, the browser tests, the bench and `npm test`), no other tool, no
// stand-in, nothing that ships. The same holds for the stand-ins' test helpers (their testing/ folders: throwaway
// lakes and Supabases, test images, the test clock), by package name or by a relative path from the stand-in's own
// code.
import {join} from 'node:path'
import {ESLint} from 'eslint'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {expect, it} from 'vitest'

const lint = async (file: string, code: string) => {
  const [result] = await new ESLint({cwd: repositoryRoot}).lintText(code, {
    filePath: join(repositoryRoot, file),
  })
  return result!.messages.map(({ruleId, message}) => ({ruleId, message}))
}

/** The lint's messages for `file` importing all of `source`. */
const lintImport = (file: string, source: string) =>
  lint(file, `import * as used from '${source}'\nexport const probe = used\n`)

/** One refusal by no-restricted-imports, in these words. */
const refusal = (message: RegExp) => [
  expect.objectContaining({
    ruleId: 'no-restricted-imports',
    message: expect.stringMatching(message),
  }),
]

it('refuses a relative import from one workspace into another', async () => {
  const messages = await lint(
    'web/app/content/probe.ts',
    "import {run} from '../../../packages/server-kit/run.ts'\nexport const probe = run\n",
  )
  expect(messages).toEqual([expect.objectContaining({ruleId: 'import/no-relative-packages'})])
})

it('refuses one into a nested workspace too (the lake inside the Studio’s folder)', async () => {
  const messages = await lint(
    'studio/probe.ts',
    "import {LOCAL_LOGIN_PATH} from './content-lake/account/localLogin.ts'\nexport const probe = LOCAL_LOGIN_PATH\n",
  )
  expect(messages).toEqual([expect.objectContaining({ruleId: 'import/no-relative-packages'})])
})

it('lets relative imports inside a workspace and package imports across them through', async () => {
  const code =
    "import {formatDate} from './format.ts'\nimport {run} from '@quantedge/server-kit/run'\nexport const probe = [formatDate, run]\n"
  expect(await lint('web/app/content/probe.ts', code)).toEqual([])
})

it.each([
  ['web/app/auth/probe.ts', '@quantedge/supabase/local/keys'],
  ['web/app/content/probe.ts', '@quantedge/content-lake/settings'],
  ['web/prerender/probe.ts', '@quantedge/content-lake/testing/testLake'],
  ['servers/site/probe.ts', '@quantedge/supabase/local/testing/testSupabase'],
  ['servers/publish-hook/probe.ts', '@quantedge/content-lake/ensure'],
  ['servers/preview/probe.ts', '@quantedge/test-support/throwawaySite'],
  ['packages/content-access/probe.ts', '@quantedge/content-lake'],
  ['supabase/functions/notify-staff/probe.ts', '@quantedge/supabase/local/keys'],
  ['supabase/functions/notify-staff/probe.ts', '../../local/keys.ts'],
  ['supabase/functions/notify-staff/probe.ts', '../../local/testing/boundFetch.ts'],
])('refuses a stand-in in shipped code: %s importing %s', async (file, source) => {
  expect(await lintImport(file, source)).toEqual(refusal(/never imports a development stand-in/))
})

it.each([
  ['scripts/cli/probe.ts', '@quantedge/test-support/freePort'],
  ['scripts/content/probe.ts', '@quantedge/test-support/throwawaySite'],
  ['studio/probe.ts', '@quantedge/test-support/editorBrowser'],
  ['studio/content-lake/probe.ts', '@quantedge/test-support/freePort'],
  ['supabase/local/probe.ts', '@quantedge/test-support/freePort'],
  ['scripts/cli/probe.ts', '@quantedge/content-lake/testing/childLake'],
  ['scripts/content/probe.ts', '@quantedge/content-lake/testing/testLake'],
  ['studio/probe.ts', '@quantedge/content-lake/testing/testClock'],
  ['scripts/cli/probe.ts', '@quantedge/supabase/local/testing/testSupabase'],
  ['studio/content-lake/server.ts', './testing/testClock.ts'],
  ['studio/content-lake/http/probe.ts', '../testing/testLake.ts'],
  ['studio/content-lake/images/probe.ts', '@quantedge/content-lake/testing/testImages'],
  ['supabase/local/server.ts', './testing/boundFetch.ts'],
  ['supabase/local/auth/probe.ts', '../testing/testSupabase.ts'],
])(
  'refuses the harness and the test helpers outside what tests: %s importing %s',
  async (file, source) => {
    expect(await lintImport(file, source)).toEqual(
      refusal(
        /Only tests, the browser tests and the bench import the test harness and the test helpers/,
      ),
    )
  },
)

it.each([
  ['studio/content-lake/http/probe.test.ts', '../testing/testLake.ts'],
  ['studio/content-lake/testing/probe.ts', './testLake.ts'],
  ['supabase/local/auth/probe.test.ts', '../testing/testSupabase.ts'],
  ['supabase/local/testing/probe.ts', './boundFetch.ts'],
  ['web/app/content/probe.test.ts', '@quantedge/content-lake/testing/testImages'],
  ['web/e2e/probe.spec.ts', '@quantedge/supabase/local/testing/testSupabase'],
  ['scripts/bench/probe.ts', '@quantedge/content-lake/testing/childLake'],
  ['harness/probe.ts', '@quantedge/content-lake/testing/testLake'],
])('lets the test helpers into %s (%s)', async (file, source) => {
  expect(await lintImport(file, source)).toEqual([])
})

it('refuses the harness by a relative path too', async () => {
  const messages = await lint(
    'scripts/cli/probe.ts',
    "import {freePort} from '../../harness/freePort.ts'\nexport const probe = freePort\n",
  )
  expect(messages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        ruleId: 'no-restricted-imports',
        message: expect.stringMatching(/import the test harness/),
      }),
    ]),
  )
})

it.each([
  'servers/site/probe.test.ts',
  'scripts/cli/probe.test.ts',
  'web/e2e/probe.spec.ts',
  'web/e2e/support/probe.ts',
  'web/playwright.config.ts',
  'scripts/bench/probe.ts',
  'scripts/cli/test.ts',
  'harness/probe.ts',
])('lets the harness into %s', async (file) => {
  const code =
    "import {freePort} from '@quantedge/test-support/freePort'\nexport const probe = freePort\n"
  expect(await lint(file, code)).toEqual([])
})

it('lets the stand-ins into tests of shipped code, and into the tools', async () => {
  const code =
    "import * as standIn from '@quantedge/content-lake/ensure'\nexport const probe = standIn\n"
  expect(await lint('servers/publish-hook/probe.test.ts', code)).toEqual([])
  expect(await lint('web/e2e/probe.spec.ts', code)).toEqual([])
  expect(await lint('scripts/cli/probe.ts', code)).toEqual([])
})
