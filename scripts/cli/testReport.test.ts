import type {JSONReport} from '@playwright/test/reporter'
import type {JsonTestResults} from 'vitest/node'
import {expect, it} from 'vitest'
import {playwrightFileTimes, summary, vitestFileTimes} from './testReport.ts'

const vitestReport = {
  testResults: [
    {name: '/repo/web/a.test.ts', startTime: 1_000, endTime: 4_500},
    {name: '/repo/supabase/b.test.ts', startTime: 2_000, endTime: 2_250},
  ],
} as JsonTestResults

const result = (duration: number) => ({duration})
// Two tests of one file ran on two workers; a nested describe holds the third.
const playwrightReport = {
  config: {rootDir: '/repo/web/e2e'},
  suites: [
    {
      file: 'studio.spec.ts',
      specs: [
        {file: 'studio.spec.ts', tests: [{results: [result(40_000)]}]},
        {file: 'studio.spec.ts', tests: [{results: [result(5_000)]}]},
      ],
      suites: [
        {
          file: 'studio.spec.ts',
          specs: [{file: 'studio.spec.ts', tests: [{results: [result(1_500)]}]}],
        },
      ],
    },
    {file: 'routes.spec.ts', specs: [{file: 'routes.spec.ts', tests: [{results: [result(800)]}]}]},
  ],
} as unknown as JSONReport

it('takes each Vitest file from its first test to its last, relative to the repository', () => {
  expect(vitestFileTimes(vitestReport, '/repo')).toEqual([
    {file: 'web/a.test.ts', seconds: 3.5},
    {file: 'supabase/b.test.ts', seconds: 0.25},
  ])
})

it("adds up a browser-test file's tests, nested ones too, whichever worker ran them", () => {
  expect(playwrightFileTimes(playwrightReport, '/repo')).toEqual([
    {file: 'web/e2e/studio.spec.ts', seconds: 46.5},
    {file: 'web/e2e/routes.spec.ts', seconds: 0.8},
  ])
})

it('ends with a line per phase, the measured total and the five slowest files, slowest first', () => {
  const files = [
    ...vitestFileTimes(vitestReport, '/repo'),
    ...playwrightFileTimes(playwrightReport, '/repo'),
    {file: 'a', seconds: 0.1},
    {file: 'b', seconds: 0.2},
  ]
  const text = summary(
    [
      {phase: 'lint', seconds: 9.04, passed: true},
      {phase: 'typecheck', seconds: 31.5, passed: true},
      {phase: 'vitest', seconds: 125, passed: false},
    ],
    files,
    160.4,
  )
  expect(text.split('\n')).toEqual([
    'lint            9.0 s',
    'typecheck      31.5 s',
    'vitest     2 min 05 s  FAILED',
    'total      2 min 40 s',
    '',
    'The 5 slowest test files:',
    '    46.5 s  web/e2e/studio.spec.ts',
    '     3.5 s  web/a.test.ts',
    '     0.8 s  web/e2e/routes.spec.ts',
    '     0.3 s  supabase/b.test.ts',
    '     0.2 s  b',
  ])
})
