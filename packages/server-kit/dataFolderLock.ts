// One writer per data folder. Two servers writing one folder lose each other's writes, so the second is
// refused. The lock is proper-lockfile's: a directory whose mtime its holder refreshes every second. A
// holder killed with -9 stops refreshing, so its lock goes stale and the next start takes it; no process
// id is trusted, so a reused pid never blocks a start.
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {lock} from 'proper-lockfile'

const REFRESH_MS = 1000
const STALE_MS = 4000
const POLL_MS = 200
const LOCK_NAME = 'in-use.lock'
const HOLDER_NAME = 'in-use.json'

/** `seen` says how the holder was judged alive: its lock refreshed while we looked, or never stale in time. */
export class DataFolderInUseError extends Error {
  readonly seen: 'refreshing' | 'not stale in time'
  constructor(message: string, seen: DataFolderInUseError['seen']) {
    super(message)
    this.seen = seen
  }
}

export type DataFolderLock = {release: () => Promise<void>}

type Holder = {owner: string; pid: number; since: string}

/**
 * Takes `dataDir` for this process, creating it if needed. A live holder, seen refreshing its lock, gets a
 * `DataFolderInUseError` within about a second; a dead holder's lock is taken once it is stale (at most
 * four seconds after the holder died).
 */
export async function lockDataFolder(dataDir: string, owner: string): Promise<DataFolderLock> {
  const folder = resolve(dataDir)
  mkdirSync(folder, {recursive: true})
  const lockPath = join(folder, LOCK_NAME)
  const giveUpAt = Date.now() + STALE_MS + 2 * REFRESH_MS
  let seenRefresh: number | undefined
  for (;;) {
    try {
      const release = await lock(folder, {
        lockfilePath: lockPath,
        realpath: false,
        stale: STALE_MS,
        update: REFRESH_MS,
        onCompromised: (error) => lost(folder, owner, error),
      })
      const holder: Holder = {owner, pid: process.pid, since: new Date().toISOString()}
      writeFileSync(join(folder, HOLDER_NAME), `${JSON.stringify(holder)}\n`)
      return {release}
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      const refreshed = lastRefresh(lockPath)
      // The mtime moved since we last looked: its holder is alive and refreshing it.
      if (seenRefresh !== undefined && refreshed !== undefined && refreshed !== seenRefresh)
        throw inUse(folder, 'refreshing')
      if (Date.now() > giveUpAt) throw inUse(folder, 'not stale in time')
      seenRefresh = refreshed
      await sleep(POLL_MS)
    }
  }
}

function lastRefresh(lockPath: string) {
  try {
    return statSync(lockPath).mtimeMs
  } catch {
    return undefined
  }
}

function inUse(folder: string, seen: DataFolderInUseError['seen']) {
  const holder = readHolder(folder)
  const who = holder
    ? `${holder.owner} (process ${holder.pid}, since ${holder.since})`
    : 'another process'
  return new DataFolderInUseError(
    `The data folder ${folder} is in use by ${who}. Stop that process first, or give this one another data folder.`,
    seen,
  )
}

function readHolder(folder: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, HOLDER_NAME), 'utf8')) as Holder
  } catch {
    return undefined
  }
}

/** The lock could not be refreshed in time (the process was frozen): another writer may have the folder now. */
function lost(folder: string, owner: string, error: Error): never {
  console.error(
    `${owner}: lost the lock on ${folder} (${error.message}); stopping so that no write is lost.`,
  )
  process.exit(1)
}
