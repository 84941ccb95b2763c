// Work that may wait for the machine: inside `inBackground(work)`, the commands `run()` starts run at the lowest
// CPU priority (nice 19, nice(1)), so they take only the time the work in the foreground leaves. `npm start` builds
// the Studio and the draft preview this way while it brings up the site: on two cores the site is ready as soon
// as if they were not building, and they finish in the time left over. A child's threads and children inherit its
// niceness; setting it from here after spawning would reach only its main thread (setpriority(2) on Linux).
import {AsyncLocalStorage} from 'node:async_hooks'

const background = new AsyncLocalStorage<true>()

/** Runs `work` with the commands it starts at the lowest CPU priority. */
export const inBackground = <T>(work: () => T): T => background.run(true, work)

/** The command line that starts `command` as the work now asks: through nice(1) in the background. */
export function prioritised(command: string, args: string[]): [string, string[]] {
  if (!background.getStore() || process.platform === 'win32') return [command, args]
  return ['nice', ['-n', '19', command, ...args]]
}
