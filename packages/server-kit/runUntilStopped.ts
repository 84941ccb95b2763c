// A server run from the command line: started, announced, and closed cleanly on Ctrl+C or a stop signal.

type Running = {close: () => Promise<void>}

export async function runUntilStopped<T extends Running>(
  name: string,
  start: () => Promise<T>,
  announce: (running: T) => string,
) {
  try {
    const running = await start()
    console.log(announce(running))
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
