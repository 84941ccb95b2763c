// supabase/local as its own process (as `npm start` runs it) on free ports with a throwaway data folder; its
// staff notifications go to its own dev mailbox.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {freePort} from '@quantedge/test-support/freePort'

/** A busy machine (one still building after `npm start`) starts it slowly; a minute is a backstop. */
const START_TIMEOUT_MS = 60_000

export async function startStandIn() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-supabase-'))
  const [port, mailboxPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, ['supabase/local/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      SUPABASE_LOCAL_PORT: String(port),
      SUPABASE_MAILBOX_PORT: String(mailboxPort),
      LEADS_MAIL_API: 'mailpit',
      LEADS_MAIL_API_URL: `http://127.0.0.1:${mailboxPort}/api/v1/send`,
      SUPABASE_LOCAL_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const giveUpAt = performance.now() + START_TIMEOUT_MS
  while (
    !(await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || performance.now() > giveUpAt) {
      child.kill('SIGTERM')
      rmSync(dataDir, {recursive: true, force: true})
      throw new Error(`supabase/local did not start for the benchmark:\n${errors}`)
    }
    await sleep(100)
  }
  return {
    url,
    mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, {recursive: true, force: true})
    },
  }
}
