// The local edge: Debian's Varnish (varnishd, with varnish-modules' xkey) in front of the site's origins, run as a
// child process in the foreground (-F) with its working folder, its log and the generated origins.vcl in
// `workDir`. Two addresses: visitors' (`public`) and the publish hook's purges (`purge`, which edge.vcl checks by
// name). Without root services or a jail (-j none); Varnish's own gzip handling is off, since the origins send
// precompressed files and the VCL keeps one copy per encoding.
import {spawn, spawnSync} from 'node:child_process'
import {setTimeout as sleep} from 'node:timers/promises'
import {existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {delimiter, join} from 'node:path'
import {acceptsConnections} from '@quantedge/server-kit/answers'
import {originsVcl, type Origin} from './origins.ts'

export const EDGE_VCL = join(import.meta.dirname, 'edge.vcl')

const SBIN_FOLDERS = ['/usr/sbin', '/usr/local/sbin']
const READY_WITHIN_MS = 60_000

/** Where varnishd is, or undefined when Varnish is not installed (Debian puts it in /usr/sbin). */
export function findVarnishd(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), ...SBIN_FOLDERS]
  return folders.map((folder) => join(folder, 'varnishd')).find((path) => existsSync(path))
}

export const VARNISH_MISSING =
  'Varnish is not installed: the site is served without its edge (apt-get install -y varnish varnish-modules adds it)'

export type VarnishEdgeOptions = {
  origins: readonly Origin[]
  port: number
  purgePort: number
  purgeToken: string
  workDir: string
  host?: string
  memory?: string
}

export type VarnishEdge = Awaited<ReturnType<typeof startVarnishEdge>>

/** Stops a varnishd an earlier start left running on this working folder (its process group was killed). */
async function stopLeftover(pidFile: string, workDir: string) {
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').trim())
  const commandLine = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    } catch {
      return ''
    }
  })()
  if (pid > 0 && commandLine.includes('varnishd') && commandLine.includes(workDir)) {
    process.kill(pid, 'SIGTERM')
    for (let waited = 0; waited < 100 && existsSync(`/proc/${pid}`); waited += 1) await sleep(50)
  }
  rmSync(pidFile, {force: true})
}

export async function startVarnishEdge({
  origins,
  port,
  purgePort,
  purgeToken,
  workDir,
  host = '127.0.0.1',
  memory = '256m',
}: VarnishEdgeOptions) {
  const varnishd = findVarnishd()
  if (!varnishd) throw new Error(VARNISH_MISSING)
  mkdirSync(workDir, {recursive: true})
  const pidFile = join(workDir, 'varnishd.pid')
  await stopLeftover(pidFile, workDir)
  writeFileSync(join(workDir, 'origins.vcl'), originsVcl(origins, purgeToken))
  const logFile = join(workDir, 'varnishd.log')
  const log = openSync(logFile, 'w')
  const child = spawn(
    varnishd,
    [
      '-F',
      '-j',
      'none',
      '-n',
      workDir,
      '-P',
      pidFile,
      '-a',
      `public=${host}:${port}`,
      '-a',
      `purge=${host}:${purgePort}`,
      '-T',
      `${host}:0`,
      '-f',
      EDGE_VCL,
      '-p',
      `vcl_path=${workDir}`,
      '-p',
      'http_gzip_support=off',
      '-s',
      `malloc,${memory}`,
    ],
    {stdio: ['ignore', log, log]},
  )
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) =>
      resolve(`varnishd stopped (${signal ?? `exit code ${code}`})`),
    )
    child.once('error', (error) => resolve(`varnishd did not start: ${error.message}`))
  })
  const started = performance.now()
  for (;;) {
    const stopped = await Promise.race([exited, sleep(50)])
    if (typeof stopped === 'string') {
      const lines = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n')
      throw new Error(`${stopped}; its log (${logFile}):\n${lines}`)
    }
    if ((await acceptsConnections(host, port)) && (await acceptsConnections(host, purgePort))) break
    if (performance.now() - started > READY_WITHIN_MS) {
      child.kill('SIGKILL')
      throw new Error(
        `varnishd did not answer on ${host}:${port} within a minute; its log: ${logFile}`,
      )
    }
  }
  const shownHost = host === '127.0.0.1' ? 'localhost' : host
  return {
    url: `http://${shownHost}:${port}`,
    purgeUrl: `http://${host}:${purgePort}`,
    pid: child.pid,
    /** Varnish's counters (varnishstat), by name: MAIN.cache_hit, MAIN.cache_miss, MAIN.backend_req, … */
    stats: () => varnishStats(workDir),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(pidFile, {force: true})
    },
  }
}

type VarnishStatJson = {counters: Record<string, {value: number}>}

function varnishStats(workDir: string): Record<string, number> {
  const varnishstat = findVarnishd()?.replace(/varnishd$/, '../bin/varnishstat')
  const command = varnishstat && existsSync(varnishstat) ? varnishstat : 'varnishstat'
  const result = spawnSync(command, ['-n', workDir, '-1', '-j'], {encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr.trim()}`)
  const {counters} = JSON.parse(result.stdout) as VarnishStatJson
  return Object.fromEntries(Object.entries(counters).map(([name, {value}]) => [name, value]))
}
