// How soon a developer can work: `npm start` until it prints its addresses, first on a fresh copy (everything
// built) and then again (warm: builds whose inputs have not changed are reused), and `npm run dev` until its
// dev server answers the first page. Measured in a copy of the repository on free ports with its own data,
// so nothing `npm start` keeps is touched.
import {spawn} from 'node:child_process'
import {once} from 'node:events'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {answers} from '@quantedge/server-kit/answers'
import {freePort} from '@quantedge/test-support/freePort'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'

export type StartupBench = {coldStartMs: number; warmStartMs: number; devFirstPageMs: number}

/** The target for a warm `npm start`. */
export const WARM_START_TARGET_MS = 20_000

const GIVE_UP_MS = 300_000

async function isolatedEnv() {
  const [site, preview, hook, studio, lake, lakeSecure, supabase, mailbox, devSite] =
    await Promise.all(Array.from({length: 9}, freePort))
  return {
    SITE_PORT: String(site),
    PREVIEW_PORT: String(preview),
    PREVIEW_PUBLIC_SITE_URL: `http://localhost:${site}`,
    PUBLISH_HOOK_PORT: String(hook),
    STUDIO_PORT: String(studio),
    CONTENT_LAKE_PORT: String(lake),
    CONTENT_LAKE_SECURE_PORT: String(lakeSecure),
    CONTENT_LAKE_WEBHOOK_URL: `http://127.0.0.1:${hook}/hooks/publish`,
    SANITY_API_HOST: `http://127.0.0.1:${lake}`,
    SUPABASE_LOCAL_PORT: String(supabase),
    SUPABASE_MAILBOX_PORT: String(mailbox),
    LEADS_MAIL_API_URL: `http://127.0.0.1:${mailbox}/api/v1/send`,
    VITE_SUPABASE_URL: `http://127.0.0.1:${supabase}`,
    DEV_SITE_PORT: String(devSite),
  }
}

/** Runs `script` (a file of the copy) until `ready` says so, then stops it and everything it started. */
async function timeUntilReady(
  root: string,
  env: NodeJS.ProcessEnv,
  script: string,
  ready: (output: string) => Promise<boolean>,
) {
  const started = performance.now()
  // As its npm script runs it: this machine's settings from .env.example.
  const child = spawn(
    join(root, 'node_modules', '.bin', 'node'),
    ['--env-file=.env.example', script],
    {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit')
  try {
    for (;;) {
      if (await ready(output)) return Math.round(performance.now() - started)
      if (child.exitCode !== null)
        throw new Error(`${script} stopped before it was ready:\n${output.slice(-2000)}`)
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${script} was not ready after ${GIVE_UP_MS} ms`)
      await sleep(100)
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
}

export async function benchStartup(): Promise<StartupBench> {
  const copy = copyRepository('bench-startup')
  try {
    const env = await isolatedEnv()
    const startPrinted = async (output: string) => output.includes('Press Ctrl+C to stop.')
    const coldStartMs = await timeUntilReady(copy.root, env, 'scripts/cli/start.ts', startPrinted)
    const warmStartMs = await timeUntilReady(copy.root, env, 'scripts/cli/start.ts', startPrinted)
    const devFirstPageMs = await timeUntilReady(copy.root, env, 'scripts/cli/dev.ts', () =>
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
