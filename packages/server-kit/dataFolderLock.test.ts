import {spawn, type ChildProcess} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {once} from 'node:events'
import {afterEach, describe, expect, it} from 'vitest'
import {DataFolderInUseError, lockDataFolder} from './dataFolderLock.ts'

const folders: string[] = []
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function throwawayFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'data-folder-lock-'))
  folders.push(folder)
  return folder
}

/** Another process that takes the lock and holds it until killed. */
async function holdInChild(folder: string) {
  const moduleUrl = new URL('./dataFolderLock.ts', import.meta.url).href
  const program = `const {lockDataFolder} = await import(${JSON.stringify(moduleUrl)});
await lockDataFolder(${JSON.stringify(folder)}, 'the child server');
console.log('locked');
setInterval(() => {}, 1000);`
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  expect(line.toString()).toContain('locked')
  return child
}

describe('lockDataFolder', () => {
  it('refuses a second holder while the first is alive, naming the folder and the holder', async () => {
    const folder = throwawayFolder()
    const first = await lockDataFolder(folder, 'the first server')
    const second = lockDataFolder(folder, 'the second server')
    await expect(second).rejects.toBeInstanceOf(DataFolderInUseError)
    await expect(second).rejects.toThrow(
      `The data folder ${folder} is in use by the first server (process ${process.pid}`,
    )
    // Refused on seeing the holder refresh its lock, not after waiting for it to go stale.
    await expect(second).rejects.toMatchObject({seen: 'refreshing'})
    await first.release()
    const again = await lockDataFolder(folder, 'the second server')
    await again.release()
  })

  it('refuses while another live process holds the folder', async () => {
    const folder = throwawayFolder()
    const child = await holdInChild(folder)
    await expect(lockDataFolder(folder, 'this server')).rejects.toThrow(
      `the child server (process ${child.pid}`,
    )
  })

  it('takes the folder of a holder killed with -9, without any cleanup by hand', async () => {
    const folder = throwawayFolder()
    const child = await holdInChild(folder)
    child.kill('SIGKILL')
    await once(child, 'exit')
    // Taken once the dead holder's lock is stale; a lock that never went stale would be refused instead.
    const taken = lockDataFolder(folder, 'the restarted server')
    await expect(taken).resolves.toHaveProperty('release')
    await (await taken).release()
  }, 15_000)

  it('keeps its lock fresh while the holder’s thread is blocked past the stale time', async () => {
    const folder = throwawayFolder()
    const held = await lockDataFolder(folder, 'a server loading its database')
    // What PGlite's start does to the server's thread on a busy machine: nothing else runs on it for seconds.
    const blockedFor = 5000
    const blockedAt = Date.now()
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, blockedFor)
    const age = Date.now() - statSync(join(folder, 'in-use.lock')).mtimeMs
    expect(Date.now() - blockedAt).toBeGreaterThanOrEqual(blockedFor)
    expect(age).toBeLessThan(blockedFor - 1000)
    await expect(lockDataFolder(folder, 'a second server')).rejects.toMatchObject({
      seen: 'refreshing',
    })
    await held.release()
  }, 20_000)

  it('is not blocked by a stale lock that names a live, unrelated process', async () => {
    const folder = throwawayFolder()
    const first = await lockDataFolder(folder, 'a crashed server')
    await first.release()
    // What a crash leaves: the lock directory, old, and a holder record naming a pid that now belongs to
    // someone else (this test runner's parent, which is alive).
    const lockDir = join(folder, 'in-use.lock')
    mkdirSync(lockDir)
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(lockDir, longAgo, longAgo)
    writeFileSync(
      join(folder, 'in-use.json'),
      JSON.stringify({owner: 'a crashed server', pid: process.ppid, since: longAgo}),
    )
    const taken = await lockDataFolder(folder, 'the restarted server')
    await taken.release()
  })
})
