// Content that moves, at scale: 20,000 documents as editors' are (about 6 KB of Portable Text each, as the
// lake-scale part writes them: lakeDocuments.ts) and 200 photos (1200x800 JPEGs of about 400 KB, a hundredth of the
// documents showing one), in the embedded lake as its own process, exported by `npm run content -- export` and
// imported by `npm run content -- import <file> restored` (each its own process, as a person runs them). For each:
// the time, the command's peak memory, and the lake's resident memory at rest before and at its peak meanwhile
// (the dataset is not to be held twice: the lake's growth stays under half the dataset's size); during the export
// a client queries the lake by id one request after another, and its p95 is to stay within 50 ms.
import {spawn} from 'node:child_process'
import {once} from 'node:events'
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startChildLake} from '@quantedge/content-lake/testing/childLake'
import {photo} from '@quantedge/content-lake/testing/testImages'
import {TEST_LAKE_TOKEN, testLakeClient} from '@quantedge/content-lake/testing/testLake'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import sharp from 'sharp'
import {benchDocument} from './lakeDocuments.ts'
import {percentile} from './percentile.ts'
import {cpuMs, megabytes, peakBytes, residentBytes, settled} from './processStats.ts'

export const ARCHIVE_TARGETS = {exportMs: 60_000, importMs: 60_000, queryP95Ms: 50}
const DOCUMENTS = 20_000
const PHOTOS = 200
const BATCH = 250

type Step = {
  ms: number
  /** CPU time the command and the lake used (what the machine's other load does not change much). */
  commandCpuMs: number
  lakeCpuMs: number
  /** The machine's load average (1 min) as the step ended: how many processes wanted its cores. */
  load: number
  /** The command's own peak resident memory. */
  commandPeakMb: number
  /** The lake's resident memory at rest before the step, and the most it held during it. */
  lakeBeforeMb: number
  lakePeakMb: number
}

export type ArchiveBench = {
  documents: number
  photos: number
  datasetMb: number
  photosMb: number
  archiveMb: number
  export: Step
  import: Step
  queries: {count: number; p50Ms: number; p95Ms: number; maxMs: number}
  restoredDocuments: number
}

/** 200 photos, each its own bytes: one made, the others cut from it a pixel apart and encoded again. */
async function photos() {
  const base = await photo(1260, 840)
  return Promise.all(
    Array.from({length: PHOTOS}, (_, index) =>
      sharp(base)
        .extract({left: index % 20, top: Math.floor(index / 20), width: 1200, height: 800})
        .jpeg({quality: 90})
        .toBuffer(),
    ),
  )
}

/** CPU time of a process that may have ended already (then 0). */
function processCpuMs(pid: number) {
  try {
    return cpuMs(pid)
  } catch {
    return 0
  }
}

/** Runs `npm run content -- <args>` as its own process against the lake, sampling its and the lake's memory. */
async function contentCommand(lakeUrl: string, lakePid: number, args: string[]): Promise<Step> {
  const lakeBeforeMb = megabytes(residentBytes(lakePid))
  const lakeCpuBefore = cpuMs(lakePid)
  const started = performance.now()
  const command = spawn(
    process.execPath,
    ['--import=@quantedge/server-kit/settingsFiles', 'scripts/content/main.ts', ...args],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        SANITY_DATASET: 'production',
        SANITY_API_HOST: lakeUrl,
        SANITY_API_WRITE_TOKEN: TEST_LAKE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  command.stdout.on('data', (chunk: Buffer) => (output += chunk))
  command.stderr.on('data', (chunk: Buffer) => (output += chunk))
  let lakePeak = 0
  let commandPeak = 0
  let commandCpu = 0
  const sampler = setInterval(() => {
    lakePeak = Math.max(lakePeak, residentBytes(lakePid))
    commandPeak = Math.max(commandPeak, peakBytes(command.pid ?? 0))
    commandCpu = Math.max(commandCpu, processCpuMs(command.pid ?? 0))
  }, 20)
  const [code] = (await once(command, 'exit')) as [number | null]
  clearInterval(sampler)
  if (code !== 0) throw new Error(`npm run content -- ${args.join(' ')} failed:\n${output}`)
  return {
    ms: Math.round(performance.now() - started),
    commandCpuMs: commandCpu,
    lakeCpuMs: cpuMs(lakePid) - lakeCpuBefore,
    load: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    commandPeakMb: megabytes(commandPeak),
    lakeBeforeMb,
    lakePeakMb: megabytes(lakePeak),
  }
}

export async function benchContentArchive(): Promise<ArchiveBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-archive-lake-'))
  const work = mkdtempSync(join(tmpdir(), 'bench-archive-'))
  const lake = await startChildLake(dataDir)
  const pid = lake.process.pid ?? 0
  try {
    const client = testLakeClient(lake.url)
    const images = await photos()
    const assetIds: string[] = []
    for (const [index, bytes] of images.entries())
      assetIds.push(
        (await client.assets.upload('image', bytes, {filename: `photo-${index}.jpg`}))._id,
      )
    let datasetBytes = 0
    for (let start = 0; start < DOCUMENTS; start += BATCH) {
      const batch = Array.from({length: BATCH}, (_, offset) => {
        const index = start + offset
        const ref =
          index % (DOCUMENTS / PHOTOS) === 0 ? assetIds[index / (DOCUMENTS / PHOTOS)] : undefined
        const doc = {
          ...benchDocument(index),
          ...(ref ? {photo: {_type: 'image', asset: {_type: 'reference', _ref: ref}}} : {}),
        }
        datasetBytes += Buffer.byteLength(JSON.stringify(doc))
        return {createOrReplace: doc}
      })
      await client.mutate(batch)
    }
    await client.fetch('count(*)')
    await settled(pid)

    const file = join(work, 'production.tar.gz')
    const samples: number[] = []
    let exporting = true
    const querying = (async () => {
      for (let index = 0; exporting; index += 1) {
        const started = performance.now()
        await client.fetch('*[_id == $id][0]{_id, name}', {id: `doc-${(index * 7919) % DOCUMENTS}`})
        samples.push(performance.now() - started)
      }
    })()
    const exported = await contentCommand(lake.url, pid, ['export', file]).finally(() => {
      exporting = false
    })
    await querying
    await settled(pid)
    const imported = await contentCommand(lake.url, pid, ['import', file, 'restored'])
    const restoredDocuments = await client
      .withConfig({dataset: 'restored'})
      .fetch<number>('count(*[!(_type in ["sanity.imageAsset", "sanity.fileAsset"])])')
    const sorted = samples.sort((a, b) => a - b)
    const round = (ms: number) => Number(ms.toFixed(1))
    return {
      documents: DOCUMENTS,
      photos: PHOTOS,
      datasetMb: Number((datasetBytes / 1024 ** 2).toFixed(1)),
      photosMb: megabytes(images.reduce((bytes, image) => bytes + image.length, 0)),
      archiveMb: Number((statSync(file).size / 1024 ** 2).toFixed(1)),
      export: exported,
      import: imported,
      queries: {
        count: sorted.length,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        maxMs: round(sorted.at(-1) ?? Number.NaN),
      },
      restoredDocuments,
    }
  } finally {
    await lake.stop()
    rmSync(dataDir, {recursive: true, force: true})
    rmSync(work, {recursive: true, force: true})
  }
}

export function archiveTable(result: ArchiveBench) {
  const seconds = (ms: number) => (ms / 1000).toFixed(1)
  const row = (name: string, step: Step) =>
    `| ${name} | ${seconds(step.ms)} | ${seconds(step.commandCpuMs)} + ${seconds(step.lakeCpuMs)} | ${step.load} | ${step.commandPeakMb} | ${step.lakeBeforeMb} → ${step.lakePeakMb} (+${step.lakePeakMb - step.lakeBeforeMb}) |`
  return [
    `${result.documents} documents (${result.datasetMb} MB of JSON) and ${result.photos} photos (${result.photosMb} MB); the archive ${result.archiveMb} MB; ${result.restoredDocuments} documents restored.`,
    '',
    '| step | time s | CPU s: command + lake | load (1 min, 2 cores) | command peak MB | lake MB at rest → peak (growth) |',
    '|---|---|---|---|---|---|',
    row('npm run content -- export', result.export),
    row('npm run content -- import (a new dataset)', result.import),
    '',
    `Queries by id during the export: ${result.queries.count}, p50 ${result.queries.p50Ms} ms, p95 ${result.queries.p95Ms} ms, max ${result.queries.maxMs} ms.`,
  ].join('\n')
}

export function archiveTargetsMissed(result: ArchiveBench): string[] {
  const {exportMs, importMs, queryP95Ms} = ARCHIVE_TARGETS
  const growth = result.export.lakePeakMb - result.export.lakeBeforeMb
  return [
    result.export.ms > exportMs && `export ${result.export.ms} ms > ${exportMs} ms`,
    result.import.ms > importMs && `import ${result.import.ms} ms > ${importMs} ms`,
    result.queries.p95Ms > queryP95Ms &&
      `query p95 during the export ${result.queries.p95Ms} ms > ${queryP95Ms} ms`,
    growth > result.datasetMb / 2 &&
      `the lake grew by ${growth} MB during the export, more than half the dataset (${result.datasetMb} MB)`,
    result.restoredDocuments !== result.documents &&
      `${result.restoredDocuments} of ${result.documents} documents restored`,
  ].filter((line): line is string => typeof line === 'string')
}
