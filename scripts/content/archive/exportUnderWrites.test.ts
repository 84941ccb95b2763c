// An export through @sanity/export (exportArchive.ts) while the dataset changes and while the lake stops: the
// archive is the dataset as it was when the export began though 100 writes arrive before it is read, and an export
// the lake's kill -9 cuts short leaves no file that looks like an archive. A slow link between the export and the
// lake (a TCP relay that stops passing the lake's answer on after its first 64 KB, until told) holds the export
// under way for as long as the test needs.
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {createServer, connect, type AddressInfo, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import type {SanityClient} from '@sanity/client'
import {startChildLake} from '@quantedge/content-lake/testing/childLake'
import {startTestLake, testLakeClient} from '@quantedge/content-lake/testing/testLake'
import * as tar from 'tar'
import {afterEach, describe, expect, it} from 'vitest'
import {exportArchive, partialFile} from './exportArchive.ts'

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function folder() {
  const made = mkdtempSync(join(tmpdir(), 'content-export-'))
  cleanups.push(() => rmSync(made, {recursive: true, force: true}))
  return made
}

/** A relay to `target` that passes its answers on until 64 KB have gone, then holds them until released. */
async function slowLink(target: string) {
  const {hostname, port} = new URL(target)
  const sockets = new Set<Socket>()
  let passed = 0
  let held = false
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    sockets.add(client).add(upstream)
    client.pipe(upstream)
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk)
      passed += chunk.length
      if (passed < 64 * 1024 || held) return
      held = true
      upstream.pause()
      void released.then(() => upstream.resume())
    })
    upstream.on('end', () => client.end())
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy()
    return new Promise((resolve) => server.close(resolve))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holding: async () => {
      while (!held) await sleep(5)
    },
    release,
  }
}

/** 1,500 documents of 6 KB, and a draft. */
async function fill(client: SanityClient) {
  const large = 'x'.repeat(6_000)
  for (let start = 0; start < 1_500; start += 500)
    await client.mutate(
      Array.from({length: 500}, (_, index) => ({
        create: {_id: `note-${start + index}`, _type: 'note', large},
      })),
    )
  await client.create({_id: 'drafts.note-0', _type: 'note', large: 'draft'})
}

/** The documents of an archive's data.ndjson. */
async function archived(file: string) {
  const into = folder()
  await tar.x({file, cwd: into})
  const [top = ''] = readdirSync(into)
  return readFileSync(join(into, top, 'data.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as {_id: string; _rev: string})
}

describe('an export', () => {
  it('is the dataset as it was when it began, though 100 writes arrive before it is read', async () => {
    const lake = await startTestLake()
    cleanups.push(() => lake.close())
    const writer = testLakeClient(lake.url)
    await fill(writer)
    const before = await writer.fetch<{_id: string; _rev: string}[]>('*{_id, _rev}')
    const link = await slowLink(lake.url)
    const file = join(folder(), 'production.tar.gz')
    let finished = false
    const exporting = exportArchive(testLakeClient(link.url), {file}).finally(() => {
      finished = true
    })
    await link.holding()
    await Promise.all(
      Array.from({length: 100}, (_, index) =>
        index % 3 === 0
          ? writer.delete(`note-${1_499 - index}`)
          : index % 3 === 1
            ? writer
                .patch(`note-${1_499 - index}`)
                .set({changed: true})
                .commit()
            : writer.create({_id: `new-${index}`, _type: 'note'}),
      ),
    )
    expect(finished).toBe(false)
    link.release()
    await exporting
    const docs = await archived(file)
    expect(docs.map(({_id, _rev}) => ({_id, _rev}))).toEqual(before)
    expect(await writer.fetch('count(*)')).toBe(before.length - 34 + 33)
  })

  it('cut short by the lake killed with -9 leaves no archive, nor a partial file', async () => {
    const dataDir = folder()
    const lake = await startChildLake(dataDir)
    cleanups.push(() => lake.kill())
    await fill(testLakeClient(lake.url))
    const link = await slowLink(lake.url)
    const out = folder()
    const file = join(out, 'production.tar.gz')
    const exporting = exportArchive(testLakeClient(link.url), {file}).catch(
      (error: unknown) => error,
    )
    await link.holding()
    await lake.kill()
    link.release()
    expect(await exporting).toBeInstanceOf(Error)
    expect(existsSync(file)).toBe(false)
    expect(existsSync(partialFile(file))).toBe(false)
    expect(readdirSync(out)).toEqual([])
  })
})
