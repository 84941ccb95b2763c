// How soon a developer can work: `npm start` until it prints its addresses, first on a fresh copy (everything
// built) and then again (warm: builds whose inputs have not changed are reused), and `npm run dev` until its
// dev server answers the first page. Measured in a copy of the repository on free ports with its own data,
// so nothing `npm start` keeps is touched.
import {setTimeout as sleep} from 'node:timers/promises'
import {answers} from '@quantedge/server-kit/answers'
import {productOnFreePorts, startCopyScript} from '@quantedge/test-support/copyScripts'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'

export type StartupBench = {coldStartMs: number; warmStartMs: number; devFirstPageMs: number}

/** The target for a warm `npm start`. */
export const WARM_START_TARGET_MS = 20_000

const GIVE_UP_MS = 300_000

/** Runs an npm script of the copy until `ready` says so, then stops it and everything it started. */
async function timeUntilReady(
  root: string,
  env: NodeJS.ProcessEnv,
  script: string,
  ready: (output: string) => Promise<boolean>,
) {
  const started = performance.now()
  const running = startCopyScript(root, script, env)
  let stopped = false
  void running.exited.then(() => (stopped = true))
  try {
    for (;;) {
      if (await ready(running.output())) return Math.round(performance.now() - started)
      if (stopped)
        throw new Error(`${script} stopped before it was ready:\n${running.output().slice(-2000)}`)
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${script} was not ready after ${GIVE_UP_MS} ms`)
      await sleep(100)
    }
  } finally {
    await running.stop()
  }
}

export async function benchStartup(): Promise<StartupBench> {
  const copy = copyRepository('bench-startup')
  try {
    const env = await productOnFreePorts()
    const startPrinted = async (output: string) => output.includes('Press Ctrl+C to stop.')
    const coldStartMs = await timeUntilReady(copy.root, env, 'start', startPrinted)
    const warmStartMs = await timeUntilReady(copy.root, env, 'start', startPrinted)
    const devFirstPageMs = await timeUntilReady(copy.root, env, 'dev', () =>
      answers(`http://localhost:${env.DEV_SITE_PORT}/`),
    )
    return {coldStartMs, warmStartMs, devFirstPageMs}
  } finally {
    copy.remove()
  }
}

export function startupTable({coldStartMs, warmStartMs, devFirstPageMs}: StartupBench): string {
  return [
    '| what | ms |',
    '|---|---|',
    `| npm start on a fresh checkout (everything built) | ${coldStartMs} |`,
    `| npm start again (warm: unchanged builds reused; target ≤ ${WARM_START_TARGET_MS}) | ${warmStartMs} |`,
    `| npm run dev until its dev server answers the first page | ${devFirstPageMs} |`,
  ].join('\n')
}
