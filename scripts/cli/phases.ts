// What a long command prints: one line per phase, with what it did and how long it took, and each phase's whole
// output in `<logs>/<phase>.log` (`.data/logs` for the commands). A failed phase says so on its line, shows the
// last lines of its log and the log's path, and stops the command. With `--verbose` every phase's output is
// printed as it comes, too.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {outputToLog} from '@quantedge/server-kit/output'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

const LAST_LINES = 15

/** A phase's failure, already reported on its line: the command stops without saying it again. */
export class PhaseFailed extends Error {}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

type PhaseOptions = {
  logsDir: string
  verbose: boolean
  /** Where the phase lines go (the terminal for the commands). */
  print: {log: (line: string) => void; error: (line: string) => void}
}

export function phases({logsDir, verbose, print}: PhaseOptions) {
  /** Runs one phase; `work` returns its value and what it did, in a few words. */
  return async function phase<T>(
    name: string,
    work: () => Promise<{value: T; did: string}>,
  ): Promise<T> {
    mkdirSync(logsDir, {recursive: true})
    const log = join(logsDir, `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}.log`)
    writeFileSync(log, '')
    const started = performance.now()
    try {
      const {value, did} = await outputToLog(log, work, {echo: verbose})
      print.log(`  ✓ ${name.padEnd(14)} ${did.padEnd(52)} ${seconds(started).padStart(7)}`)
      return value
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const lastLines = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LAST_LINES)
      print.error(`  ✗ ${name.padEnd(14)} failed after ${seconds(started)}: ${reason}`)
      if (lastLines.join('').trim()) {
        print.error(`    The last lines of ${relative(repositoryRoot, log)}:`)
        for (const line of lastLines) print.error(`    │ ${line}`)
      }
      throw new PhaseFailed(reason)
    }
  }
}

/** The commands' phases: logs in `.data/logs`, printed on the terminal. */
export const phase = phases({
  logsDir: join(repositoryRoot, '.data', 'logs'),
  verbose: process.argv.includes('--verbose'),
  print: {
    log: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  },
})
