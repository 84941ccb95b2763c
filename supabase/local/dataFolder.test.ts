// One server per data folder: a second supabase/local on the same folder refuses to start, in words,
// as a library call and as `npm run supabase` (main.ts); the folder is free again once the first stops.
import {spawn, type ChildProcess} from 'node:child_process'
import {once} from 'node:events'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {DataFolderInUseError} from '@quantedge/server-kit/dataFolderLock'
import {startLocalSupabase} from './server.ts'
import {startTestSupabase, visitorClient, type TestSupabase} from './testing/testSupabase.ts'

let first: TestSupabase
let child: ChildProcess | undefined
beforeAll(async () => {
  first = await startTestSupabase()
})
afterAll(async () => {
  child?.kill()
  await first.close()
})

it('refuses a second server on the same data folder, naming the folder and its holder', async () => {
  const second = startLocalSupabase({dataDir: first.dataDir, port: 0, mailboxPort: 0})
  await expect(second).rejects.toBeInstanceOf(DataFolderInUseError)
  await expect(second).rejects.toThrow(
    `The data folder ${first.dataDir} is in use by supabase/local (process ${process.pid}`,
  )
  const {error} = await visitorClient(first.url)
    .from('free_estimate_requests')
    .insert({
      name: 'Still here',
      email: 'still@example.com',
      phone: '1',
      platforms: ['Other'],
      requirements: ['Automation'],
      description: 'The first server still answers.',
      terms_accepted: true,
      ownership_confirmed: true,
    })
  expect(error).toBeNull()
})

it('stops `npm run supabase` with a clear message and exit code 1 when the folder is taken', async () => {
  child = spawn(process.execPath, ['supabase/local/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      SUPABASE_LOCAL_DATA_DIR: first.dataDir,
      SUPABASE_LOCAL_PORT: '0',
      SUPABASE_MAILBOX_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number]
  expect(code).toBe(1)
  expect(stderr.trim()).toBe(
    `supabase/local did not start: The data folder ${first.dataDir} is in use by supabase/local (process ${process.pid}, since ${stderr.match(/since (\S+)\)/)?.[1]}). Stop that process first, or give this one another data folder.`,
  )
})

it('takes the folder once the first server has stopped', async () => {
  first = await first.restart()
  expect((await fetch(`${first.url}/health`)).status).toBe(200)
})
