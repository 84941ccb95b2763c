// How soon a developer can work: `npm start` until it prints its addresses, first on a fresh copy (everything
// built, with none of this repository's caches, as a fresh clone after `npm install`) and then again (warm: builds
// whose inputs have not changed are reused), and `npm run dev` until its dev server answers the first page. A
// start is ready when it prints its addresses (the site, the lake and Supabase answer); the Studio and the draft
// preview may still be building then, in the background: the time until everything is built is shown too. From
// outside, as a newcomer waits: until the site (through the edge when Varnish is installed) answers its home page,
// and until the Studio answers its app (not the page saying it is being built).
// Measured in a copy of the repository on free ports with its own data and caches, so nothing `npm start` keeps
// is touched. Each start's phase lines (`✓ <phase> <what it did> <time>`), before its address table and after
// it, and the lines it printed before the table are shown too.
import {setTimeout as sleep} from 'node:timers/promises'
import {answers} from '@quantedge/server-kit/answers'
import {productOnFreePorts, startCopyScript} from '@quantedge/test-support/copyScripts'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'

/**
 * One `npm start`: how long until its addresses and until everything was built, its phase lines, and what it
 * printed before the table.
 */
export type StartRun = {
  readyMs: number
  allBuiltMs: number
  /** Until the site's home page answered 200, and the Studio's app (a 503 says it is still being built). */
  siteAnswersMs: number
  studioAnswersMs: number
  phases: Phase[]
  linesBeforeTable: number
}
type Phase = {name: string; did: string; seconds: number}
export type StartupBench = {cold: StartRun; warm: StartRun; devFirstPageMs: number}

/** The targets for `npm start` on a fresh clone, again, and the lines it prints before its addresses. */
export const COLD_START_TARGET_MS = 20_000
/** On a fresh clone, the Studio usable (issue 45). */
export const COLD_STUDIO_TARGET_MS = 30_000
export const WARM_START_TARGET_MS = 8_000
export const LINES_BEFORE_TABLE_TARGET = 40

const GIVE_UP_MS = 300_000
const READY_LINE = 'Press Ctrl+C to stop.'
/** The line after the background phases' (scripts/cli/start.ts). */
const ALL_BUILT_LINE = /^Everything built in /m
/** The address table's first line (scripts/cli/start.ts). */
const TABLE_START = /^ {2}Studio {10}/
/** A phase's line (scripts/cli/phases.ts): `  ✓ <name padded to 14> <did> <seconds> s`. */
const PHASE_LINE = /^ {2}✓ (.{14}) (.*?) +(\d+\.\d) s$/

/**
 * Runs an npm script of the copy until `ready` says so, then stops it and everything it started; `seen` is told
 * of its output as it comes, and may note the time of a line.
 */
async function runUntilReady(
  root: string,
  env: NodeJS.ProcessEnv,
  script: string,
  ready: (output: string) => Promise<boolean>,
  seen: (output: string, ms: number) => void = () => {},
) {
  const started = performance.now()
  const running = startCopyScript(root, script, env)
  let stopped = false
  void running.exited.then(() => (stopped = true))
  try {
    for (;;) {
      seen(running.output(), Math.round(performance.now() - started))
      if (await ready(running.output()))
        return {ms: Math.round(performance.now() - started), output: running.output()}
      if (stopped)
        throw new Error(`${script} stopped before it was ready:\n${running.output().slice(-2000)}`)
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${script} was not ready after ${GIVE_UP_MS} ms`)
      await sleep(100)
    }
  } finally {
    await running.stop()
  }
}

/** What a start printed: its phases (before its address table and after), and how many lines before the table. */
export function readStartOutput(
  output: string,
): Omit<StartRun, 'readyMs' | 'allBuiltMs' | 'siteAnswersMs' | 'studioAnswersMs'> {
  const lines = output.split('\n')
  const table = lines.findIndex((line) => TABLE_START.test(line))
  const before = lines.slice(0, table === -1 ? lines.length : table)
  const phases = lines.flatMap((line) => {
    const match = PHASE_LINE.exec(line)
    return match ? [{name: match[1]!.trim(), did: match[2]!, seconds: Number(match[3])}] : []
  })
  return {phases, linesBeforeTable: before.filter((line) => line.trim()).length}
}

async function startOnce(root: string, env: NodeJS.ProcessEnv): Promise<StartRun> {
  let readyMs = 0
  let siteAnswersMs = 0
  let studioAnswersMs = 0
  const started = performance.now()
  const since = () => Math.round(performance.now() - started)
  const {ms, output} = await runUntilReady(
    root,
    env,
    'start',
    async (output) => {
      siteAnswersMs ||= (await answers(`http://localhost:${env.EDGE_PORT}/`)) ? since() : 0
      siteAnswersMs ||= (await answers(`http://localhost:${env.SITE_PORT}/`)) ? since() : 0
      studioAnswersMs ||= (await answers(`http://localhost:${env.STUDIO_PORT}/`)) ? since() : 0
      return ALL_BUILT_LINE.test(output) && siteAnswersMs > 0 && studioAnswersMs > 0
    },
    (output, ms) => {
      if (!readyMs && output.includes(READY_LINE)) readyMs = ms
    },
  )
  return {
    readyMs: readyMs || ms,
    allBuiltMs: ms,
    siteAnswersMs,
    studioAnswersMs,
    ...readStartOutput(output),
  }
}

export async function benchStartup(): Promise<StartupBench> {
  const copy = copyRepository('bench-startup', {freshCaches: true})
  try {
    const env = await productOnFreePorts()
    const cold = await startOnce(copy.root, env)
    const warm = await startOnce(copy.root, env)
    const {ms: devFirstPageMs} = await runUntilReady(copy.root, env, 'dev', () =>
      answers(`http://localhost:${env.DEV_SITE_PORT}/`),
    )
    return {cold, warm, devFirstPageMs}
  } finally {
    copy.remove()
  }
}

/** The targets the bench's numbers missed, one line each. */
export function startupTargetsMissed({cold, warm}: StartupBench): string[] {
  return [
    cold.readyMs > COLD_START_TARGET_MS &&
      `a cold npm start took ${cold.readyMs} ms (target ≤ ${COLD_START_TARGET_MS})`,
    cold.siteAnswersMs > COLD_START_TARGET_MS &&
      `on a fresh clone the site answered ${cold.siteAnswersMs} ms after npm start (target ≤ ${COLD_START_TARGET_MS})`,
    cold.studioAnswersMs > COLD_STUDIO_TARGET_MS &&
      `on a fresh clone the Studio answered ${cold.studioAnswersMs} ms after npm start (target ≤ ${COLD_STUDIO_TARGET_MS})`,
    warm.readyMs > WARM_START_TARGET_MS &&
      `a warm npm start took ${warm.readyMs} ms (target ≤ ${WARM_START_TARGET_MS})`,
    ...[cold, warm].flatMap(
      (run, index) =>
        run.linesBeforeTable > LINES_BEFORE_TABLE_TARGET &&
        `the ${index ? 'warm' : 'cold'} start printed ${run.linesBeforeTable} lines before its addresses (target ≤ ${LINES_BEFORE_TABLE_TARGET})`,
    ),
  ].filter((line): line is string => typeof line === 'string')
}

export function startupTable({cold, warm, devFirstPageMs}: StartupBench): string {
  const phaseNames = [...new Set([...cold.phases, ...warm.phases].map(({name}) => name))]
  const phaseCell = (run: StartRun, name: string) => {
    const phase = run.phases.find((candidate) => candidate.name === name)
    return phase ? `${phase.seconds.toFixed(1)} s: ${phase.did}` : '–'
  }
  return [
    '| what | cold (fresh clone) | warm (again) | target cold / warm |',
    '|---|---|---|---|',
    `| npm start until its addresses, ms | ${cold.readyMs} | ${warm.readyMs} | ≤ ${COLD_START_TARGET_MS} / ≤ ${WARM_START_TARGET_MS} |`,
    `| npm start until everything is built (the Studio and the draft preview too), ms | ${cold.allBuiltMs} | ${warm.allBuiltMs} | |`,
    `| from outside: until the site answers its home page, ms | ${cold.siteAnswersMs} | ${warm.siteAnswersMs} | ≤ ${COLD_START_TARGET_MS} cold |`,
    `| from outside: until the Studio answers its app, ms | ${cold.studioAnswersMs} | ${warm.studioAnswersMs} | ≤ ${COLD_STUDIO_TARGET_MS} cold |`,
    `| lines printed before the addresses | ${cold.linesBeforeTable} | ${warm.linesBeforeTable} | ≤ ${LINES_BEFORE_TABLE_TARGET} |`,
    ...phaseNames.map(
      (name) => `| phase ${name} | ${phaseCell(cold, name)} | ${phaseCell(warm, name)} | |`,
    ),
    `| npm run dev until its dev server answers the first page, ms | ${devFirstPageMs} | | |`,
  ].join('\n')
}
