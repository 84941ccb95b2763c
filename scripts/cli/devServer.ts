// A dev server for `npm run dev`: its output goes to the phase's log until the command is ready (`showOutput`), and
// after that to the terminal, each line labelled with its name, so what it says while you work (a failed reload,
// an error in a render) shows where you work and its start-up banner does not.
import {spawn, type ChildProcess} from 'node:child_process'
import {setTimeout as sleep} from 'node:timers/promises'
import {currentOutput} from '@quantedge/server-kit/output'

export type DevServer = {
  name: string
  url: string
  exited: Promise<number>
  /** From now on, its output goes to the terminal, each line labelled. */
  showOutput: () => void
}

const WAIT_MS = 10 * 60 * 1000

/** Whether a server answers at `url` at all (a page that fails to render still means the server is up). */
async function responds(url: string) {
  try {
    await fetch(url, {signal: AbortSignal.timeout(2000)})
    return true
  } catch {
    return false
  }
}

/** Every dev server started, ready or not, so a stop reaches each. */
const started = new Set<ChildProcess>()

/** Stops every dev server started (SIGTERM). */
export function stopDevServers() {
  for (const child of started) child.kill('SIGTERM')
}

/** Starts `command` and resolves once `url` answers at all; fails when the command stops first. */
export async function startDevServer({
  name,
  command,
  args,
  cwd,
  env = {},
  url,
}: {
  name: string
  command: string
  args: string[]
  cwd: string
  env?: NodeJS.ProcessEnv
  url: string
}): Promise<DevServer> {
  const child = spawn(command, args, {
    cwd,
    env: {...process.env, SANITY_TELEMETRY_DISABLED: '1', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.add(child)
  const toLog = currentOutput()
  let shown = false
  let partial = {stdout: '', stderr: ''}
  const forward = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const target = process[stream]
    if (!shown) return toLog(target, chunk)
    const lines = (partial[stream] + chunk.toString('utf8')).split('\n')
    partial = {...partial, [stream]: lines.pop() ?? ''}
    for (const line of lines) target.write(`${name} │ ${line}\n`)
  }
  child.stdout.on('data', forward('stdout'))
  child.stderr.on('data', forward('stderr'))
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  )
  let stopped = false
  void exited.then(() => {
    stopped = true
    started.delete(child)
  })
  for (let waited = 0; !(await responds(url)); waited += 250) {
    if (stopped)
      throw new Error(`${command} ${args.join(' ')} stopped before it answered at ${url}`)
    if (waited > WAIT_MS)
      throw new Error(`${command} did not answer at ${url} within ${WAIT_MS / 60_000} minutes`)
    await sleep(250)
  }
  return {name, url, exited, showOutput: () => (shown = true)}
}
