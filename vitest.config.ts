// Unit, contract and slow tests for every workspace, as three Vitest projects (`npm test` runs them all).
// Browser tests are Playwright's (web/e2e), not Vitest's.
//   unit      pure functions and single modules: seconds; run them as you edit (`npm run test:unit`)
//   contract  real servers on free ports (the lake, supabase/local, PGlite, the site server): about a minute
//   slow      whole builds and type checks of a copy of the repository: minutes
import {availableParallelism} from 'node:os'
import {join} from 'node:path'
import {defineConfig} from 'vitest/config'

// Tests run with this machine's settings, as the npm scripts do (never a developer's .env); the shell's win.
process.loadEnvFile(join(import.meta.dirname, '.env.example'))

const ALL = ['{schemas,studio,web,scripts,servers,packages,harness,supabase}/**/*.test.ts']
const SLOW = [
  'scripts/cli/typecheck.test.ts',
  'scripts/cli/start.test.ts',
  'studio/build.test.ts',
  'scripts/cli/release/release.test.ts',
]
const CONTRACT = [
  'schemas/documents/campaignValidation.test.ts',
  'web/app/content/posterImage.test.ts',
  'web/app/content/inlineImage.test.ts',
  'studio/content-lake/**/*.test.ts',
  'schemas/seed/**/*.test.ts',
  'supabase/**/*.test.ts',
  'scripts/content/**/*.test.ts',
  'servers/site/**/*.test.ts',
  'packages/server-kit/**/*.test.ts',
  'web/app/estimate/estimateRules.test.ts',
  'web/prerender/renderOutputs.test.ts',
  'web/prerender/incremental.test.ts',
  'servers/publish-hook/**/*.test.ts',
  'servers/edge/edge.test.ts',
  'servers/edge/purge/**/*.test.ts',
  'scripts/cli/trust/**/*.test.ts',
  'scripts/cli/staff/**/*.test.ts',
]
const NEVER = ['**/node_modules/**', 'web/e2e/**', '**/dist/**', '**/build/**']

export default defineConfig({
  test: {
    // Most files wait on servers, browsers and child processes more than they compute: one more file than cores
    // keeps both cores of a small machine busy (Vitest's default, cores - 1, runs one file at a time there).
    maxWorkers: availableParallelism() + 1,
    // A worker runs its files in one module graph: isolated, each of the 101 files imported the lake, PGlite, sharp
    // and the Sanity client anew in a new process, a third of the suite's processor time (measured: 622 CPU-s over
    // the files run one by one, 414 of them inside the files). A file that changes what the process shares puts it
    // back: spies restored, settings through vi.stubEnv (a lint rule refuses setting process.env by hand in a test).
    isolate: false,
    // A test waits for its servers as long as they take to be ready: a start that fails says so with its log
    // (childLake.ts, childSupabase.ts, a thrown error), and these bounds are only backstops for a hang. A fixed
    // minute failed on a laptop with both cores busy (supabase/local's start in a beforeAll took longer).
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // A poll waits for something that comes on any machine (a listener's event, a build's start): its bound is a
    // backstop, not Vitest's default second, which a busy machine overruns.
    expect: {poll: {timeout: 20_000}},
    projects: [
      {
        extends: true,
        test: {name: 'unit', include: ALL, exclude: [...NEVER, ...SLOW, ...CONTRACT]},
      },
      {extends: true, test: {name: 'contract', include: CONTRACT, exclude: NEVER}},
      {extends: true, test: {name: 'slow', include: SLOW, exclude: NEVER}},
    ],
  },
})
