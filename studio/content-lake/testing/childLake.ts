// The embedded lake in a process of its own (`node studio/content-lake/main.ts`, as `npm run lake` runs it), on
// free ports, with a given data folder and the test token: for tests that kill it and for the benchmark.
import {spawn, type ChildProcess} from 'node:child_process'
import {once} from 'node:events'
import {join} from 'node:path'
import {authorityCertificatePath} from '../http/certificates.ts'
import {TEST_LAKE_TOKEN} from './testLake.ts'

export type ChildLake = {
  url: string
  secureUrl: string
  /** The local authority that signed the HTTP/2 certificate. */
  authorityPath: string
  process: ChildProcess
  /** SIGTERM, as Ctrl+C stops it. */
  stop: () => Promise<void>
  /** SIGKILL: no chance to write, release or clean up. */
  kill: () => Promise<void>
}

const READY = /Embedded Content Lake on (http:\/\/\S+), and (https:\/\/\S+) for the Studio/
/**
 * A start that fails ends the process, which is reported with its output; this bound is only a backstop for one that
 * hangs, long enough for a lake reading a large dataset on a machine whose cores are busy elsewhere.
 */
const START_TIMEOUT_MS = 600_000

/** `env`: more settings (CONTENT_LAKE_*) for this lake. */
export async function startChildLake(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildLake> {
  const certificateDir = join(dataDir, 'certificates')
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts')], {
    env: {
      ...process.env,
      CONTENT_LAKE_DATA_DIR: dataDir,
      CONTENT_LAKE_CERT_DIR: certificateDir,
      CONTENT_LAKE_PORT: '0',
      CONTENT_LAKE_SECURE_PORT: '0',
      CONTENT_LAKE_STREAM_PORTS: '0,0,0,0',
      CONTENT_LAKE_TOKEN: TEST_LAKE_TOKEN,
      CONTENT_LAKE_WEBHOOK_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const [url, secureUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The lake did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    )
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const ready = READY.exec(output)
      if (!ready) return
      clearTimeout(timer)
      resolve([ready[1] ?? '', ready[2] ?? ''])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The lake exited (${code}) before it answered:\n${output}`))
    })
  })
  const ended = once(child, 'exit')
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await ended
  }
  return {
    url,
    secureUrl,
    authorityPath: authorityCertificatePath(certificateDir),
    process: child,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  }
}
