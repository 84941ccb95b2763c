// Browser tests in Debian's Chromium (Playwright cannot download browsers here) against a site that
// global setup builds from a throwaway embedded Content Lake and serves on a free port.
import {defineConfig, devices} from '@playwright/test'
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '@quantedge/test-support/chromium'

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
})
