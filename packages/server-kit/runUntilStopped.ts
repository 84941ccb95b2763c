// A server run from the command line: started, announced in its server's log (log.ts), and closed cleanly on Ctrl+C
// or a stop signal. A server that cannot start says why on one line of standard error, naming itself (`name`, as a
// person calls it), and exits 1.
import {serverLog} from './log.ts'

type Running = {close: () => Promise<void>}

export async function runUntilStopped<T extends Running>(
  {name, server}: {name: string; server: string},
  start: () => Promise<T>,
  announce: (running: T) => string,
) {
  try {
    const running = await start()
    serverLog(server).info(announce(running))
    const stop = () => void running.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  } catch (error) {
    console.error(
      `${name} did not start: ${error instanceof Error ? error.message : String(error)}`,
    )
    process.exit(1)
  }
}
