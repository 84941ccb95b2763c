// Progress on the terminal for the long commands (export, import, migrate), from the steps Sanity's libraries
// report (`{step, current, total}`): a line per step, its count rewritten in place on a terminal; on anything else
// (a log, CI) a line as each step starts, a count at most every few seconds, and each step's last count as it ends.

export type Progress = {step: string; current?: number; total?: number | '?'}

const QUIET_MS = 3000

export function progressPrinter(out: NodeJS.WriteStream = process.stderr) {
  let last: {progress: Progress; text: string; printed: boolean} | undefined
  let printedAt = 0
  const started = performance.now()
  const line = (progress: Progress) => {
    const {step, current, total} = progress
    const count =
      current === undefined
        ? ''
        : ` ${current}${total === undefined || total === '?' ? '' : ` of ${total}`}`
    return `${step}${count} (${((performance.now() - started) / 1000).toFixed(1)} s)`
  }
  const print = (text: string) => {
    out.write(`${text}\n`)
    printedAt = performance.now()
  }
  /** The step that ends: its last count, if it was not printed. */
  const close = () => {
    if (!last) return
    if (out.isTTY) out.write('\n')
    else if (!last.printed) print(last.text)
  }
  return {
    report: (progress: Progress) => {
      const text = line(progress)
      const next = last?.progress.step !== progress.step
      if (next) close()
      let printed = false
      if (out.isTTY) out.write(`\r${text}\u001b[K`)
      else if (next || performance.now() - printedAt >= QUIET_MS) {
        print(text)
        printed = true
      }
      last = {progress, text, printed}
    },
    /** Ends the last step's line. */
    done: () => {
      close()
      last = undefined
    },
  }
}
