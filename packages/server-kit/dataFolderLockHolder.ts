// The data-folder lock's own thread (see dataFolderLock.ts): takes proper-lockfile's lock and refreshes it here,
// so a long synchronous stretch on the server's thread (PGlite loading a database blocks it for seconds on a busy
// machine) never lets the lock look stale to another process while its holder is alive.
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {parentPort, workerData} from 'node:worker_threads'
import {lock} from 'proper-lockfile'

const REFRESH_MS = 1000
const STALE_MS = 4000
const POLL_MS = 200
const LOCK_NAME = 'in-use.lock'
const HOLDER_NAME = 'in-use.json'

export type HolderRequest = {folder: string; owner: string}
/** What the thread tells the server: the folder is taken, refused (in use), or lost after it was taken. */
export type HolderMessage =
  | {taken: true}
  | {refused: {message: string; seen: 'refreshing' | 'not stale in time'}}
  | {failed: string}
  | {lost: string}
  | {released: true}

type Holder = {owner: string; pid: number; since: string}

const port = parentPort!
const {folder, owner} = workerData as HolderRequest
const tell = (message: HolderMessage) => port.postMessage(message)

/**
 * A live holder, seen refreshing its lock, is reported within about a second; a dead holder's lock is taken
 * once it is stale (at most four seconds after the holder died).
 */
async function take() {
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
        onCompromised: (error) => tell({lost: error.message}),
      })
      const holder: Holder = {owner, pid: process.pid, since: new Date().toISOString()}
      writeFileSync(join(folder, HOLDER_NAME), `${JSON.stringify(holder)}\n`)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      const refreshed = lastRefresh(lockPath)
      // The mtime moved since we last looked: its holder is alive and refreshing it.
      if (seenRefresh !== undefined && refreshed !== undefined && refreshed !== seenRefresh)
        return inUse('refreshing')
      if (Date.now() > giveUpAt) return inUse('not stale in time')
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

function inUse(seen: 'refreshing' | 'not stale in time') {
  const holder = readHolder()
  const who = holder
    ? `${holder.owner} (process ${holder.pid}, since ${holder.since})`
    : 'another process'
  tell({
    refused: {
      message: `The data folder ${folder} is in use by ${who}. Stop that process first, or give this one another data folder.`,
      seen,
    },
  })
  return undefined
}

function readHolder(): Holder | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, HOLDER_NAME), 'utf8')) as Holder
  } catch {
    return undefined
  }
}

try {
  const release = await take()
  if (release) {
    port.once('message', () => {
      void release().then(() => tell({released: true}))
    })
    tell({taken: true})
  }
} catch (error) {
  tell({failed: error instanceof Error ? error.message : String(error)})
}
