// Unit and contract tests for every workspace. Browser tests are Playwright's (web/e2e), not Vitest's.
import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{schemas,studio,web,scripts,supabase}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'web/e2e/**', '**/dist/**', '**/build/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
