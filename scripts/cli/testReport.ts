// The end of `npm test`: each phase with its time, and the five test files whose tests took longest, read from the
// JSON reports Vitest and Playwright write beside their usual output.
import {relative} from 'node:path'
import type {JSONReport, JSONReportSuite} from '@playwright/test/reporter'
import type {JsonTestResults} from 'vitest/node'

export type PhaseTime = {phase: string; seconds: number; passed: boolean}
export type FileTime = {file: string; seconds: number}

/** Each Vitest file with the time from its first test's start to its last test's end. */
export const vitestFileTimes = (report: JsonTestResults, root: string): FileTime[] =>
  report.testResults.map(({name, startTime, endTime}) => ({
    file: relative(root, name),
    seconds: (endTime - startTime) / 1000,
  }))

/** Each browser-test file with the time of its tests added up (its hooks included), whichever worker ran them. */
export function playwrightFileTimes(report: JSONReport, root: string): FileTime[] {
  const totals = new Map<string, number>()
  const visit = (suite: JSONReportSuite) => {
    for (const spec of suite.specs) {
      for (const {results} of spec.tests) {
        for (const {duration} of results) {
          totals.set(spec.file, (totals.get(spec.file) ?? 0) + duration / 1000)
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites) visit(suite)
  const testDir = relative(root, report.config.rootDir)
  return [...totals].map(([file, seconds]) => ({file: `${testDir}/${file}`, seconds}))
}

const formatSeconds = (seconds: number) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0).padStart(2, '0')} s`
    : `${seconds.toFixed(1)} s`

/**
 * The closing lines: every phase that ran, the whole run's time (phases may run side by side, so it is measured,
 * not added up), then the slowest `count` files.
 */
export function summary(phases: PhaseTime[], files: FileTime[], totalSeconds: number, count = 5) {
  const width = Math.max(...phases.map(({phase}) => phase.length), 'total'.length)
  const lines = [
    ...phases.map(
      ({phase, seconds, passed}) =>
        `${phase.padEnd(width)}  ${formatSeconds(seconds).padStart(10)}${passed ? '' : '  FAILED'}`,
    ),
    `${'total'.padEnd(width)}  ${formatSeconds(totalSeconds).padStart(10)}`,
  ]
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count)
  if (slowest.length > 0) {
    lines.push('', `The ${slowest.length} slowest test files:`)
    for (const {file, seconds} of slowest)
      lines.push(`${formatSeconds(seconds).padStart(10)}  ${file}`)
  }
  return lines.join('\n')
}
