// The product's npm scripts run in a copy of the repository (repositoryCopy.ts), on free ports with the copy's own
// data, as a developer runs them: for the start-up bench and the tests of what `npm start` prints.
import {spawn} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {freePort} from './freePort.ts'

/** Every port the product listens on, free, and the addresses that name them. */
export async function productOnFreePorts() {
  const [
    site,
    preview,
    hook,
    studio,
    lake,
    lakeSecure,
    supabase,
    mailbox,
    devSite,
    edge,
    purge,
    ...streams
  ] = await Promise.all(Array.from({length: 15}, freePort))
  return {
    SITE_PORT: String(site),
    PREVIEW_PORT: String(preview),
    PREVIEW_PUBLIC_SITE_URL: `http://localhost:${site}`,
    PUBLISH_HOOK_PORT: String(hook),
    STUDIO_PORT: String(studio),
    CONTENT_LAKE_PORT: String(lake),
    CONTENT_LAKE_SECURE_PORT: String(lakeSecure),
    CONTENT_LAKE_STREAM_PORTS: streams.join(','),
    CONTENT_LAKE_WEBHOOK_URL: `http://127.0.0.1:${hook}/hooks/publish`,
    SANITY_API_HOST: `http://127.0.0.1:${lake}`,
    SUPABASE_LOCAL_PORT: String(supabase),
    SUPABASE_MAILBOX_PORT: String(mailbox),
    LEADS_MAIL_API_URL: `http://127.0.0.1:${mailbox}/api/v1/send`,
    VITE_SUPABASE_URL: `http://127.0.0.1:${supabase}`,
    DEV_SITE_PORT: String(devSite),
    EDGE_PORT: String(edge),
    EDGE_PURGE_PORT: String(purge),
    EDGE_PURGE_URL: `http://127.0.0.1:${purge}`,
  }
}

/** An npm script's node arguments in the copy's package.json (`node <flags> <file>`), without npm's own output. */
function npmScriptArguments(root: string, script: string) {
  const {scripts} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [command, ...args] = (scripts[script] ?? '').split(' ')
  if (command !== 'node') throw new Error(`npm run ${script} does not run node directly`)
  return args
}

export type RunningScript = {
  /** What it printed so far, standard output and error as they came. */
  output: () => string
  /** Its exit code, or the signal's name, once it has stopped. */
  exited: Promise<number | string>
  /** Stops it and everything it started: SIGTERM to its process group. */
  stop: () => Promise<void>
}

/** Starts `npm run <script>` of the copy at `root`, with `env` over this process's settings. */
export function startCopyScript(
  root: string,
  script: string,
  env: NodeJS.ProcessEnv,
): RunningScript {
  const child = spawn(
    join(root, 'node_modules', '.bin', 'node'),
    npmScriptArguments(root, script),
    {
      cwd: root,
      env: {
        ...process.env,
        // This process's compile cache is warm (and the copy's node_modules/.cache is this one's): the copy's
        // first start compiles as a fresh clone's does, and a second reuses what the first kept.
        NODE_COMPILE_CACHE: join(root, '.data', 'node-compile-cache'),
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
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  return {
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM')
      await exited
    },
  }
}
