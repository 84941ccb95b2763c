// Runs a command of this repository's toolchain, showing its output as it goes, and fails with the
// command's name and the first error line it printed (the cause, not the summary), so a failed build says why.
// Test runners print errors their tests expect and summarise failures themselves: they are run with
// `citeFirstError: false`, so the failure does not name an expected error as its cause. Inside `inBackground`
// (background.ts) the command runs at the lowest CPU priority.
import {spawn, type ChildProcess} from 'node:child_process'
import {stripVTControlCharacters} from 'node:util'
import {prioritised} from './background.ts'
import {currentOutput} from './output.ts'
import {repositoryRoot} from './repositoryRoot.ts'

const ERROR_LINE = /\b(Error|error TS\d+|ERR!)\b/

interface RunOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  citeFirstError?: boolean
  /** `afterExit` holds the output until the command ends, for a command run beside another. */
  output?: 'live' | 'afterExit'
}

/** The commands running now, so that a command that stops early stops them too (stopRunningCommands). */
const running = new Set<ChildProcess>()

/** Stops every command `run` started that is still running (SIGTERM), as a command stopping on a failure does. */
export function stopRunningCommands() {
  for (const child of running) child.kill('SIGTERM')
}

export function run(command: string, args: string[], options: RunOptions = {}) {
  const {citeFirstError = true, output = 'live'} = options
  return new Promise<void>((resolvePromise, reject) => {
    const child = spawn(...prioritised(command, args), {
      cwd: options.cwd ?? repositoryRoot,
      env: {
        ...process.env,
        NO_UPDATE_NOTIFIER: '1',
        SANITY_TELEMETRY_DISABLED: '1',
        ...options.env,
      },
      stdio: ['inherit', 'pipe', 'pipe'],
    })
    running.add(child)
    let firstError = ''
    const write = currentOutput()
    const held: [NodeJS.WriteStream, Buffer][] = []
    const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (output === 'live') write(target, chunk)
      else held.push([target, chunk])
      for (const line of chunk.toString('utf8').split('\n')) {
        const plain = stripVTControlCharacters(line).trim()
        if (!firstError && ERROR_LINE.test(plain)) firstError = plain
      }
    }
    child.stdout.on('data', forward(process.stdout))
    child.stderr.on('data', forward(process.stderr))
    child.once('error', (error) => {
      running.delete(child)
      reject(error)
    })
    child.once('close', (code, signal) => {
      running.delete(child)
      for (const [target, chunk] of held) write(target, chunk)
      if (code === 0) return resolvePromise()
      const why = citeFirstError && firstError ? `: ${firstError}` : ''
      reject(
        new Error(
          `\`${command} ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`})${why}`,
        ),
      )
    })
  })
}
