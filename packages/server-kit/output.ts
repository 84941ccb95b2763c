// Where a command's output goes: the terminal, unless a caller sends it to a log file for a while. Inside
// `outputToLog(file, work)`, what `run()` starts and what `work` (and anything it sets going) writes through
// `console` goes to that file, so a tool can show one line per step and keep the rest for when it is needed.
import {AsyncLocalStorage} from 'node:async_hooks'
import {appendFileSync} from 'node:fs'
import {format} from 'node:util'

type Log = {file: string; echo: boolean}

const logs = new AsyncLocalStorage<Log>()

export type Write = (target: NodeJS.WriteStream, chunk: string | Uint8Array) => void

/** A writer bound to where output goes now (callbacks run later keep the destination they were set up in). */
export function currentOutput(): Write {
  const log = logs.getStore()
  if (!log) return (target, chunk) => void target.write(chunk)
  return (target, chunk) => {
    appendFileSync(log.file, chunk)
    if (log.echo) target.write(chunk)
  }
}

/** Runs `work` with its output in `file` (and on the terminal too with `echo`). */
export function outputToLog<T>(file: string, work: () => Promise<T>, {echo = false} = {}) {
  sendConsoleThroughLogs()
  return logs.run({file, echo}, work)
}

/**
 * Runs `work` with output to the terminal again, inside a logged step: for servers a step starts, whose later
 * requests, renders and failures are not the step's and must not vanish into its log.
 */
export const outputToTerminal = <T>(work: () => T): T => logs.exit(work)

let consoleSent = false

function sendConsoleThroughLogs() {
  if (consoleSent) return
  consoleSent = true
  const targets = {
    log: process.stdout,
    info: process.stdout,
    warn: process.stderr,
    error: process.stderr,
  }
  for (const [method, target] of Object.entries(targets) as [
    keyof typeof targets,
    NodeJS.WriteStream,
  ][]) {
    const original = console[method].bind(console)
    console[method] = (...args: unknown[]) => {
      if (logs.getStore()) currentOutput()(target, `${format(...args)}\n`)
      else original(...args)
    }
  }
}
