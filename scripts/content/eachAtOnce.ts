// A few writes in flight at once, as Sanity's own import and migration runner send their batches.

/**
 * Runs `work` on each item, `concurrency` at a time. The first failure stops it: no further item is taken, the
 * ones under way are awaited (also when reading the items fails), then the failure is thrown. Each task's failure is taken as it happens, so one that
 * fails while the next item is being read is never an unhandled rejection.
 */
export async function eachAtOnce<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
) {
  const running = new Set<Promise<void>>()
  let failure: {error: unknown} | undefined
  try {
    for await (const item of items) {
      if (failure) break
      const task: Promise<void> = work(item).then(
        () => void running.delete(task),
        (error: unknown) => {
          running.delete(task)
          failure ??= {error}
        },
      )
      running.add(task)
      if (running.size >= concurrency) await Promise.race(running)
    }
  } finally {
    await Promise.all(running)
  }
  if (failure) throw failure.error
}
