// A server run from the command line: started, announced, and closed cleanly on Ctrl+C or a stop signal. Servers
// started in one process (a release's start runs the site and the draft preview together) are closed together; one
// that fails to start stops the process with one line.

type Running = {close: () => Promise<void>}

const running: Running[] = []

function stopAll() {
  void Promise.allSettled(running.map((server) => server.close())).then(() => process.exit(0))
}

export async function runUntilStopped<T extends Running>(
  name: string,
  start: () => Promise<T>,
  announce: (running: T) => string,
) {
  try {
    const server = await start()
    console.log(announce(server))
    running.push(server)
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
