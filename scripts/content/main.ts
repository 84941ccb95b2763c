// `npm run content -- <command>`: act as an editor through the configured Content Lake's API, and move its content:
// Sanity's archives out and in (export, import) and migrations (migrate).
import {contentClient} from '@quantedge/content-access/client'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {describeContentLake, readContentEnv} from '@quantedge/content-access/env'
import {withContentLake} from '@quantedge/content-lake/ensure'
import {runExport, runImport} from './archive/archiveCommands.ts'
import {discardDraft, editDraft, previewLink, publishDraft} from './editor.ts'
import {parseFields} from './fields.ts'
import {runMigrateCommand} from './migrations/migrateCommand.ts'
import {runReleaseCommand} from './releaseCommands.ts'
import {stopWithExit} from './temporaryFolder.ts'

const USAGE = `Usage: npm run content -- <command>

  show <id>                        the published document and its draft
  edit <id> <path>=<JSON> ...      change the draft (made from the published document if needed)
                                   e.g. edit indicator-straddle price=750 'description="New text"'
  publish <id>                     publish the draft: it replaces the published document
  discard <id>                     throw the draft away
  preview-url [path] [release]     a link that opens the draft preview (or a release's), valid for an hour

  release list                              every release: its state, time and documents
  release create <title>                    a new release; prints its id
  release add <release> <id>                add the published document to the release
  release edit <release> <id> <path>=<JSON> ...
                                            change the document in the release
                                            e.g. release edit rDiwali indicator-straddle price=450
  release schedule <release> <time>         publish it at an ISO time, e.g. 2026-11-01T00:00:00+05:30
  release unschedule <release>              take the schedule back
  release publish <release>                 publish every document in it now, together

  export [file] [--overwrite]      the dataset as Sanity's archive (a .tar.gz with its images and files),
                                   as sanity dataset export writes it; by default <dataset>-<time>.tar.gz
  import <file> [dataset] [--replace | --missing]
                                   restore an archive into the dataset (or another): refused if it holds
                                   any of the documents, unless --replace (write over) or --missing (keep)
  migrate <name> [--no-dry-run]    run studio/migrations/<name>: a dry run that lists the changes, unless
                                   --no-dry-run, which applies them`

const [command, id, ...rest] = process.argv.slice(2)
stopWithExit()
const env = readContentEnv()
const client = contentClient('write', env)

const usage = () => new Error(USAGE)

async function run(): Promise<string> {
  if (command === 'preview-url') {
    return previewLink(
      client,
      `http://localhost:${readPreviewEnv().port}`,
      id ?? '/',
      env.studioUrl,
      rest[0],
    )
  }
  if (command === 'release') return runReleaseCommand(client, id, rest, usage)
  if (command === 'export') return runExport(client, id === undefined ? rest : [id, ...rest])
  if (command === 'import') return runImport(client, id === undefined ? rest : [id, ...rest])
  if (command === 'migrate')
    return runMigrateCommand(client, id === undefined ? rest : [id, ...rest])
  if (!id) throw new Error(USAGE)
  if (command === 'show') {
    const [published, draft] = await Promise.all([
      client.getDocument(id),
      client.getDocument(`drafts.${id}`),
    ])
    return JSON.stringify({published: published ?? null, draft: draft ?? null}, null, 2)
  }
  if (command === 'edit') {
    if (rest.length === 0) throw new Error(USAGE)
    await editDraft(client, id, parseFields(rest))
    return `Draft of ${id} saved. Publish it with: npm run content -- publish ${id}`
  }
  if (command === 'publish') {
    await publishDraft(client, id)
    return `${id} published.`
  }
  if (command === 'discard') {
    await discardDraft(client, id)
    return `Draft of ${id} discarded.`
  }
  throw new Error(USAGE)
}

try {
  console.log(await withContentLake(env, run))
} catch (error) {
  console.error(
    error instanceof Error && error.message === USAGE
      ? USAGE
      : `content (${describeContentLake(env)}): ${(error as Error).message}`,
  )
  process.exit(1)
}
