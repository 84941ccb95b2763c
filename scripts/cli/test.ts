// `npm test`: lint and format, type checks, unit, contract and slow tests (Vitest), then browser tests (Playwright in Chromium).
// A missing browser fails first, with how to install one; nothing is skipped.
import {assertHeadlessShell} from '@quantedge/test-support/chromium'
import {run} from '@quantedge/server-kit/run'

try {
  assertHeadlessShell()
  await run('npm', ['run', 'lint'])
  await run('npm', ['run', 'typecheck'])
  await run('vitest', ['run'], {citeFirstError: false})
  await run('playwright', ['test', '-c', 'web/playwright.config.ts'], {citeFirstError: false})
} catch (error) {
  console.error(`\nTests failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
