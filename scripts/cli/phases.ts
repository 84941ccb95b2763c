// What a long command prints: one line per phase, with what it did and how long it took, and each phase's whole
// output in `<logs>/<phase>.log` (`.data/logs` for the commands). Phases run at once where they can: a phase
// starts as soon as the phases it needs (`after`) are done, and its line is printed in the order the phases were
// named, once it and every phase before it are done, so the lines read the same on every start. A failed phase
// says so on its line, shows the last lines of its log and the log's path, and stops the command: no phase after
// it prints its line. With `--verbose` every phase's output is printed as it comes, too. A set of phases may wait
// for something else first (`startAfter`: `npm start`'s background phases start, and print their lines, once its
// addresses are printed), and may run its commands at the lowest CPU priority (`background`, server-kit's
// background.ts).
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {inBackground} from '@quantedge/server-kit/background'
import {outputToLog} from '@quantedge/server-kit/output'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

const LAST_LINES = 15

/** A phase's failure, already reported on its line: the command stops without saying it again. */
export class PhaseFailed extends Error {}

/** The time since `since` (a `performance.now()`), as the lines say it: `12.3 s`. */
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

export type PhaseOptions = {
  logsDir: string
  verbose: boolean
  /** Where the phase lines go (the terminal for the commands). */
  print: {log: (line: string) => void; error: (line: string) => void}
  /** Every phase waits for this: its work starts, and its line is printed, once it has settled (never rejecting). */
  startAfter?: Promise<void>
  /** The phases' commands run at the lowest CPU priority, taking only the time other work leaves. */
  background?: boolean
}

type Outcome<T> = {value: T; line: string} | {error: unknown; lines: string[]}

export function phases({
  logsDir,
  verbose,
  print,
  startAfter = Promise.resolve(),
  background = false,
}: PhaseOptions) {
  /** Settles once every phase named so far has printed its line (or the command has stopped). */
  let printedSoFar: Promise<unknown> = startAfter
  let stopped = false

  /** Does one phase's work with its output in its log; says how it went, in the lines to print. */
  async function outcome<T>(
    name: string,
    work: () => Promise<{value: T; did: string}>,
  ): Promise<Outcome<T>> {
    mkdirSync(logsDir, {recursive: true})
    const log = join(logsDir, `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}.log`)
    writeFileSync(log, '')
    const started = performance.now()
    try {
      const logged = () => outputToLog(log, work, {echo: verbose})
      const {value, did} = await (background ? inBackground(logged) : logged())
      return {
        value,
        line: `  ✓ ${name.padEnd(14)} ${did.padEnd(52)} ${seconds(started).padStart(7)}`,
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const lastLines = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LAST_LINES)
      const lines = [`  ✗ ${name.padEnd(14)} failed after ${seconds(started)}: ${reason}`]
      if (lastLines.join('').trim()) {
        lines.push(`    The last lines of ${relative(repositoryRoot, log)}:`)
        for (const line of lastLines) lines.push(`    │ ${line}`)
      }
      return {error, lines}
    }
  }

  /**
   * Runs one phase once the phases in `after` are done; `work` returns its value and what it did, in a few
   * words. Its time is its own work's, from when it could start. The value comes as soon as the work is done (for
   * the phases after it); a failure, once its line is printed.
   */
  function phase<T>(
    name: string,
    work: () => Promise<{value: T; did: string}>,
    {after = []}: {after?: Promise<unknown>[]} = {},
  ): Promise<T> {
    // A phase whose prerequisite failed does no work: that failure is reported on an earlier line.
    const done = Promise.all([startAfter, ...after]).then(
      () => outcome(name, work),
      () => undefined,
    )
    const printed = printedSoFar.then(async () => {
      const result = await done
      if (stopped || !result) throw new PhaseFailed(`${name} did not run: an earlier phase failed`)
      if ('line' in result) return print.log(result.line)
      stopped = true
      for (const line of result.lines) print.error(line)
      throw new PhaseFailed(
        result.error instanceof Error ? result.error.message : String(result.error),
      )
    })
    printedSoFar = printed.catch(() => {})
    lines = Promise.all([lines, printed])
    lines.catch(() => {})
    return done.then((result) =>
      result && 'line' in result ? result.value : printed.then(() => undefined as never),
    )
  }
  /** Settles once every phase named so far has printed its line; rejects when one failed. */
  let lines: Promise<unknown> = Promise.resolve()
  /** Waits for every phase named so far to print its line; fails with PhaseFailed when one failed. */
  const allPrinted = async () => {
    await lines
  }
  return Object.assign(phase, {allPrinted})
}

/** A set of phases whose lines are printed in the order they were named. */
export type Phases = ReturnType<typeof phases>

/** The commands' phases: logs in `.data/logs`, printed on the terminal. */
export const commandPhases = (options: Pick<PhaseOptions, 'startAfter' | 'background'> = {}) =>
  phases({
    logsDir: join(repositoryRoot, '.data', 'logs'),
    verbose: process.argv.includes('--verbose'),
    print: {
      log: (line) => process.stdout.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
    },
    ...options,
  })

/** The commands' phases in the foreground, their lines printed from the start. */
export const phase = commandPhases()
