// `npm run content -- export [file] [--overwrite]` and `npm run content -- import <file> [dataset] [--replace |
// --missing]`: Sanity's archive out of and into the configured Content Lake, the embedded one or a Sanity project
// (configuration only: .env's SANITY_* settings), with progress on the terminal. A relative file is read from
// where npm was run.
import {statSync} from 'node:fs'
import {resolve} from 'node:path'
import type {SanityClient} from '@sanity/client'
import {exportArchive, partialFile} from './exportArchive.ts'
import {importArchive, type ImportMode} from './importArchive.ts'
import {progressPrinter} from './progress.ts'

/** Where npm was run (npm runs scripts from the repository's root). */
const fromWhereRun = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file)

/** `<dataset>-<date>T<time>.tar.gz`, so daily backups sort by time and never meet. */
export const defaultArchiveName = (dataset: string, now = new Date()) =>
  `${dataset}-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.tar.gz`

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

export async function runExport(client: SanityClient, args: string[]): Promise<string> {
  const [name] = args.filter((arg) => !arg.startsWith('--'))
  const dataset = client.config().dataset ?? ''
  const file = fromWhereRun(name ?? defaultArchiveName(dataset))
  const started = performance.now()
  const progress = progressPrinter()
  try {
    const report = await exportArchive(client, {
      file,
      overwrite: args.includes('--overwrite'),
      onProgress: progress.report,
    })
    const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1)
    return `Exported dataset ${dataset}: ${report.documents} documents and ${report.assets} assets in ${file} (${megabytes} MB, ${seconds(started)})`
  } catch (error) {
    throw new Error(
      `the export stopped, and wrote no archive (nor left ${partialFile(file)}): ${(error as Error).message}`,
      {cause: error},
    )
  } finally {
    progress.done()
  }
}

export async function runImport(client: SanityClient, args: string[]): Promise<string> {
  const [name, dataset] = args.filter((arg) => !arg.startsWith('--'))
  if (!name) throw new Error('Give the archive to import: import <file> [dataset]')
  if (args.includes('--replace') && args.includes('--missing'))
    throw new Error('--replace and --missing exclude each other')
  const mode: ImportMode = args.includes('--replace')
    ? 'replace'
    : args.includes('--missing')
      ? 'missing'
      : 'create'
  const target = dataset ? client.withConfig({dataset}) : client
  const started = performance.now()
  const progress = progressPrinter()
  try {
    const report = await importArchive(target, {
      archive: fromWhereRun(name),
      mode,
      onProgress: progress.report,
    }).catch((error: unknown) => {
      throw new Error(
        `the import into dataset ${String(target.config().dataset)} stopped: ${(error as Error).message}`,
        {cause: error},
      )
    })
    return [
      `Imported ${report.documents} documents and ${report.assets} assets into dataset ${String(target.config().dataset)} (${seconds(started)})`,
      ...report.warnings.map((warning) => `  warning: ${warning}`),
    ].join('\n')
  } finally {
    progress.done()
  }
}
