// supabase/local in a process of its own (`node supabase/local/main.ts`, as `npm run supabase` runs it), on given
// ports and data folder, its staff notifications mailed to its own dev mailbox: for the benchmark that kills it
// with -9 and starts it again on the same ports and folder.
import {spawn, type ChildProcess} from 'node:child_process'
import {once} from 'node:events'
import {join} from 'node:path'

export type ChildSupabase = {
  url: string
  mailboxUrl: string
  process: ChildProcess
  /** SIGTERM, as Ctrl+C stops it. */
  stop: () => Promise<void>
  /** SIGKILL: no chance to record a send, release a lease or the data folder. */
  kill: () => Promise<void>
}

export type ChildSupabaseOptions = {dataDir: string; port: number; mailboxPort: number}

const READY = /Local Supabase on (http:\/\/\S+) .*; dev mailbox on (http:\/\/\S+)/
/**
 * Taking over a killed process's data folder waits for its lock to go stale, and a busy machine is slow: a start
 * that fails ends the process, which is reported with its output; this bound is only a backstop for a hang.
 */
const START_TIMEOUT_MS = 600_000

export async function startChildSupabase({
  dataDir,
  port,
  mailboxPort,
}: ChildSupabaseOptions): Promise<ChildSupabase> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts')], {
    env: {
      ...process.env,
      SUPABASE_LOCAL_DATA_DIR: dataDir,
      SUPABASE_LOCAL_PORT: String(port),
      SUPABASE_MAILBOX_PORT: String(mailboxPort),
      LEADS_MAIL_API: 'mailpit',
      LEADS_MAIL_API_URL: `http://127.0.0.1:${mailboxPort}/api/v1/send`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const ended = once(child, 'exit')
  let output = ''
  const [url, mailboxUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`supabase/local did not start within ${START_TIMEOUT_MS} ms:\n${output}`))
    }, START_TIMEOUT_MS)
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const ready = READY.exec(output)
      if (!ready) return
      clearTimeout(timer)
      // From here on its output is read and dropped, so a full pipe never blocks it.
      for (const stream of [child.stdout, child.stderr]) stream.off('data', read).resume()
      resolve([ready[1] ?? '', ready[2] ?? ''])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`supabase/local exited (${code}) before it answered:\n${output}`))
    })
  })
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await ended
  }
  return {
    url,
    mailboxUrl,
    process: child,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  }
}
