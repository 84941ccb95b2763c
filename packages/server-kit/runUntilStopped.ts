// A server run from the command line: started, announced in its server's log (log.ts), and closed cleanly on Ctrl+C
// or a stop signal. Servers started in one process (a release's start runs the site and the draft preview together)
// are closed together; one that fails to start stops the process with one line of standard error, naming itself
// (`name`, as a person calls it).
import {serverLog} from './log.ts'

type Running = {close: () => Promise<void>}

const running: Running[] = []

function stopAll() {
  void Promise.allSettled(running.map((server) => server.close())).then(() => process.exit(0))
}

export async function runUntilStopped<T extends Running>(
  {name, server}: {name: string; server: string},
  start: () => Promise<T>,
  announce: (running: T) => string,
) {
  try {
    const started = await start()
    serverLog(server).info(announce(started))
    running.push(started)
    if (running.length === 1) {
      process.once('SIGINT', stopAll)
      process.once('SIGTERM', stopAll)
    }
  } catch (error) {
    console.error(
      `${name} did not start: ${error instanceof Error ? error.message : String(error)}`,
    )
    process.exit(1)
  }
}
