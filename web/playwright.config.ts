// Browser tests in Debian's Chromium headless shell (Playwright cannot download browsers here) against a site that
// global setup builds from a throwaway embedded Content Lake and serves on a free port.
import {availableParallelism} from 'node:os'
import {join} from 'node:path'
import {defineConfig, devices} from '@playwright/test'
import {CHROMIUM_ARGS, HEADLESS_SHELL_PATH} from '@quantedge/test-support/chromium'

// Browser tests run with this machine's settings, as the npm scripts do (never a developer's .env); the shell's win.
process.loadEnvFile(join(import.meta.dirname, '..', '.env.example'))

const chromium = {...devices['Desktop Chrome'], channel: undefined}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  fullyParallel: true,
  // Browser tests keep the processor busy (Chromium renders, the Studio compiles its bundle): one worker per core;
  // more only made each test slower.
  workers: availableParallelism(),
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    // A failed test keeps its trace with DOM snapshots; the screencast of every test cost a third of the run.
    trace: {mode: 'retain-on-failure', screenshots: false},
    launchOptions: {executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS},
  },
  // The Studio's tests share one editorial stack and run in order, the longest chain of the run: listed first,
  // they start at once on one worker while the others take the site's tests.
  projects: [
    {
      name: 'studio',
      testMatch: [
        'studio.spec.ts',
        'studioOpen.spec.ts',
        'studioCampaign.spec.ts',
        'releases.spec.ts',
        'securityGrades.spec.ts',
      ],
      use: chromium,
      // The Studio's lists and forms come over live queries after its bundle starts: on a busy two-core machine
      // that overran Playwright's default 5 s wait (a list still empty). A bound, not a speed check.
      expect: {timeout: 15_000},
      // A Studio test waits up to 15-30 s for a step (a document opening, a save reaching the lake), so the
      // run's 30 s per test left a slow step no room: the two-tabs test took up to 29.3 s in 13 runs on this machine.
      timeout: 90_000,
    },
    {
      name: 'site',
      testIgnore: [
        'studio.spec.ts',
        'studioOpen.spec.ts',
        'studioCampaign.spec.ts',
        'releases.spec.ts',
        'securityGrades.spec.ts',
      ],
      use: chromium,
    },
  ],
})
