// `npm test`: lint and format beside the type checks, then unit, contract and slow tests (Vitest), then browser
// tests (Playwright in Chromium's headless shell). A missing browser fails first, with how to install one; nothing
// is skipped. It ends with each phase's time and the five slowest test files, whether it passed or not.
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {assertHeadlessShell} from '@quantedge/test-support/chromium'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {run} from '@quantedge/server-kit/run'
import {
  playwrightFileTimes,
  summary,
  vitestFileTimes,
  type FileTime,
  type PhaseTime,
} from './testReport.ts'

const reports = mkdtempSync(join(tmpdir(), 'npm-test-reports-'))
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')
const phases: PhaseTime[] = []
const started = performance.now()

async function phase(name: string, work: () => Promise<void>) {
  const start = performance.now()
  const took = (passed: boolean) =>
    phases.push({phase: name, seconds: (performance.now() - start) / 1000, passed})
  await work().then(
    () => took(true),
    (error: unknown) => {
      took(false)
      throw error
    },
  )
}

/** Runs phases side by side; all of them end before the first failure is reported. */
async function besideEachOther(...running: Promise<void>[]) {
  const failed = (await Promise.allSettled(running)).find(
    (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
  )
  if (failed) throw failed.reason
}

function fileTimes(): FileTime[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as never
  return [
    ...(existsSync(vitestReport) ? vitestFileTimes(read(vitestReport), repositoryRoot) : []),
    ...(existsSync(playwrightReport)
      ? playwrightFileTimes(read(playwrightReport), repositoryRoot)
      : []),
  ]
}

let failure: unknown
try {
  assertHeadlessShell()
  // Lint and tsc each keep one core busy.
  await besideEachOther(
    phase('lint', () => run('npm', ['run', 'lint'], {output: 'afterExit'})),
    phase('typecheck', () => run('npm', ['run', 'typecheck'])),
  )
  await phase('vitest', () =>
    run(
      'vitest',
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      {citeFirstError: false},
    ),
  )
  await phase('playwright', () =>
    run('playwright', ['test', '-c', 'web/playwright.config.ts', '--reporter=list,json'], {
      citeFirstError: false,
      env: {PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport},
    }),
  )
} catch (error) {
  failure = error
}
console.log(`\n${summary(phases, fileTimes(), (performance.now() - started) / 1000)}`)
rmSync(reports, {recursive: true, force: true})
if (failure) {
  console.error(`\nTests failed: ${failure instanceof Error ? failure.message : String(failure)}`)
  process.exit(1)
}
