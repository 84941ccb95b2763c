// `npm run content -- export [file]`: the configured Content Lake's dataset as Sanity's archive, through
// @sanity/export, the library behind `sanity dataset export` (a tar.gz of `data.ndjson`, `assets.json`, `images/`
// and `files/`, asset references rewritten to the archive's files). It reads the Export API of the embedded lake
// or of a Sanity project alike (the client's address), and downloads every asset, checking its hashes. The
// archive is written beside its name as `<file>.partial` and takes its name only once whole: an export that fails
// or is stopped (the lake stopping, the connection lost, Ctrl+C, a SIGTERM) leaves no file that looks like a backup.
import {existsSync, renameSync, rmSync} from 'node:fs'
import {dirname} from 'node:path'
import type {SanityClient} from '@sanity/client'
import {exportDataset} from '@sanity/export'
import {syncToDisk} from '@quantedge/server-kit/syncToDisk'
import type {Progress} from './progress.ts'

export type ExportReport = {file: string; documents: number; assets: number}

/** The file a whole archive is written as until it is whole. */
export const partialFile = (file: string) => `${file}.partial`

export async function exportArchive(
  client: SanityClient,
  {
    file,
    overwrite = false,
    onProgress = () => undefined,
  }: {file: string; overwrite?: boolean; onProgress?: (progress: Progress) => void},
): Promise<ExportReport> {
  if (existsSync(file) && !overwrite)
    throw new Error(`${file} exists already: name another file, or give --overwrite`)
  const dataset = client.config().dataset
  if (!dataset) throw new Error('The client names no dataset to export')
  const partial = partialFile(file)
  const removePartial = () => rmSync(partial, {force: true})
  process.once('exit', removePartial)
  try {
    const result = await exportDataset({
      client,
      dataset,
      outputPath: partial,
      onProgress: (progress) =>
        onProgress({...progress, ...(progress.total === undefined ? {} : {total: progress.total})}),
    })
    // On disk before it takes its name, and the name on disk after: a machine that stops in between leaves a
    // partial file, never a whole-looking archive with less in it.
    syncToDisk(partial)
    renameSync(partial, file)
    syncToDisk(dirname(file))
    return {file, documents: result.documentCount, assets: result.assetCount}
  } catch (error) {
    removePartial()
    throw error
  } finally {
    process.off('exit', removePartial)
  }
}
