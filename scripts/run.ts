// Runs a command of this repository's toolchain and fails with the command's name when it fails.
import {spawn} from 'node:child_process'
import {resolve} from 'node:path'

export const repositoryRoot = resolve(import.meta.dirname, '..')

export function run(command: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}) {
  return new Promise<void>((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repositoryRoot,
      env: {...process.env, NO_UPDATE_NOTIFIER: '1', SANITY_TELEMETRY_DISABLED: '1', ...options.env},
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolvePromise()
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`})`))
    })
  })
}
