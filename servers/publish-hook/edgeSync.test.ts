// With more origins behind the edge, the one that switches last purges, so the edge never fetches the old page
// again from an origin that has not switched: shown with real site servers as the other origins, serving the
// release before or after, and a purge that records what it is asked.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, expect, it} from 'vitest'
import {PurgeQueue} from '@quantedge/edge/purgeQueue'
import {startSiteServer, type SiteServer} from '@quantedge/site-server/server'
import {EdgeSync} from './edgeSync.ts'
import type {Lines} from '@quantedge/server-kit/log'

let folder: string
let before: string
let after: string
let peer: SiteServer
const purged: string[][] = []
const lines: string[] = []
const keep = (line: string) => void lines.push(line)
const keptLines: Lines = {info: keep, warn: keep, error: keep}
let queue: PurgeQueue

/** A release folder as a build leaves it: its client files and what each path wrote. */
function release(name: string, tradingview: string, python: string) {
  const dir = join(folder, name)
  mkdirSync(join(dir, 'client', 'tradingview'), {recursive: true})
  mkdirSync(join(dir, 'client', 'python'), {recursive: true})
  writeFileSync(join(dir, 'client', 'tradingview', 'index.html'), tradingview)
  writeFileSync(join(dir, 'client', 'python', 'index.html'), python)
  const reads = {
    '/tradingview': {files: ['tradingview/index.html'], tags: []},
    '/python': {files: ['python/index.html'], tags: []},
  }
  writeFileSync(join(dir, 'reads.json'), JSON.stringify(reads))
  return dir
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'edge-sync-'))
  before = release('before', '<p>₹500</p>', '<p>Python</p>')
  after = release('after', '<p>₹650</p>', '<p>Python</p>')
  peer = await startSiteServer(join(before, 'client'), 0)
})
afterAll(async () => {
  await peer.close()
  rmSync(folder, {recursive: true, force: true})
})
afterEach(() => {
  queue.close()
  purged.length = 0
  lines.length = 0
  peer.setRoot(join(before, 'client'))
})

function edgeSync(peerSites: string[], peerWaitMs = 5_000) {
  queue = new PurgeQueue(
    async (tags) => {
      purged.push([...tags])
      return 'ok'
    },
    {log: keptLines},
  )
  return new EdgeSync({queue, peerSites, log: keptLines, peerWaitMs})
}

const switched = {
  kind: 'render',
  buildDir: '',
  previousBuildDir: '',
  paths: ['/tradingview', '/python'],
} as const

it('alone, purges the pages whose bytes changed, not the ones rendered the same', async () => {
  await edgeSync([]).switched({...switched, buildDir: after, previousBuildDir: before})
  expect(purged).toEqual([['/tradingview']])
})

it('purges everything after a full build', async () => {
  await edgeSync([]).switched({kind: 'full build', buildDir: after, previousBuildDir: before})
  expect(purged).toEqual([['site']])
})

it('switching last (the other origin serves the new page already), purges at once', async () => {
  peer.setRoot(join(after, 'client'))
  await edgeSync([peer.url]).switched({...switched, buildDir: after, previousBuildDir: before})
  expect(purged).toEqual([['/tradingview']])
})

it('switching first, leaves the purge to the origin that switches last', async () => {
  const sync = edgeSync([peer.url])
  const done = sync.switched({...switched, buildDir: after, previousBuildDir: before})
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(purged).toEqual([])
  peer.setRoot(join(after, 'client'))
  await done
  expect(purged).toEqual([])
  expect(sync.status().lastDecision).toMatchObject({
    tags: ['/tradingview'],
    purgedBy: 'another origin',
  })
})

it('purges anyway, and says which origin is behind, when the other never switches', async () => {
  const sync = edgeSync([peer.url], 300)
  await sync.switched({...switched, buildDir: after, previousBuildDir: before})
  expect(purged).toEqual([['/tradingview']])
  expect(sync.status().originsBehind?.origins).toEqual([peer.url])
  expect(lines).toEqual([
    `[edge] ${peer.url} still serve(s) the old /tradingview after 0.3 s: purging without them; the edge may fetch the old page from them until they switch`,
  ])
})

it('counts an origin that does not answer as out of the edge’s rotation', async () => {
  await edgeSync(['http://127.0.0.1:9']).switched({
    ...switched,
    buildDir: after,
    previousBuildDir: before,
  })
  expect(purged).toEqual([['/tradingview']])
})
