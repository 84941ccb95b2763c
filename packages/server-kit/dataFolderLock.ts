// One writer per data folder. Two servers writing one folder lose each other's writes, so the second is
// refused. The lock is proper-lockfile's: a directory whose mtime its holder refreshes every second. A
// holder killed with -9 stops refreshing, so its lock goes stale and the next start takes it; no process
// id is trusted, so a reused pid never blocks a start. The lock is taken and refreshed on a thread of its own
// (dataFolderLockHolder.ts): the server's thread may be busy for seconds, and the lock must not look stale then.
import {mkdirSync} from 'node:fs'
import {once} from 'node:events'
import {resolve} from 'node:path'
import {Worker} from 'node:worker_threads'
import type {HolderMessage, HolderRequest} from './dataFolderLockHolder.ts'

/** `seen` says how the holder was judged alive: its lock refreshed while we looked, or never stale in time. */
export class DataFolderInUseError extends Error {
  readonly seen: 'refreshing' | 'not stale in time'
  constructor(message: string, seen: DataFolderInUseError['seen']) {
    super(message)
    this.seen = seen
  }
}

export type DataFolderLock = {release: () => Promise<void>}

const nextMessage = async (thread: Worker) =>
  ((await once(thread, 'message')) as [HolderMessage])[0]

/**
 * Takes `dataDir` for this process, creating it if needed. A live holder, seen refreshing its lock, gets a
 * `DataFolderInUseError` within about a second; a dead holder's lock is taken once it is stale (at most
 * four seconds after the holder died).
 */
export async function lockDataFolder(dataDir: string, owner: string): Promise<DataFolderLock> {
  const folder = resolve(dataDir)
  mkdirSync(folder, {recursive: true})
  const request: HolderRequest = {folder, owner}
  // None of this process's node options: a thread cannot take some of them (--input-type) and needs none.
  const thread = new Worker(new URL('./dataFolderLockHolder.ts', import.meta.url), {
    workerData: request,
    execArgv: [],
  })
  const answer = await nextMessage(thread)
  if (!('taken' in answer)) {
    await thread.terminate()
    if ('refused' in answer)
      throw new DataFolderInUseError(answer.refused.message, answer.refused.seen)
    throw new Error(
      `Could not lock the data folder ${folder}: ${'failed' in answer ? answer.failed : 'no answer'}`,
    )
  }
  thread.on('message', (message: HolderMessage) => {
    if ('lost' in message) lost(folder, owner, message.lost)
  })
  // A thread that dies holds nothing: its lock goes stale, so the server stops before another takes the folder.
  thread.on('error', (error) => lost(folder, owner, error.message))
  // The thread lives as long as the server holds the folder, and does not keep the process alive by itself.
  thread.unref()
  return {
    release: async () => {
      const released = new Promise<void>((resolveReleased) =>
        thread.on('message', (message: HolderMessage) => {
          if ('released' in message) resolveReleased()
        }),
      )
      thread.ref()
      thread.postMessage('release')
      await released
      await thread.terminate()
    },
  }
}

/** The lock could not be refreshed in time (the machine froze): another writer may have the folder now. */
function lost(folder: string, owner: string, reason: string): never {
  console.error(
    `${owner}: lost the lock on ${folder} (${reason}); stopping so that no write is lost.`,
  )
  process.exit(1)
}
