// `npm run content -- migrate <name> [--no-dry-run]`: the migration `studio/migrations/<name>/index.ts` (Sanity's
// layout: `sanity migration create` writes `migrations/<name>/index.ts`, a default export of `defineMigration`),
// run against the configured Content Lake, the embedded one or a Sanity project alike. A dry run by default, as
// `sanity migration run`: it lists every mutation the migration would make and writes nothing; `--no-dry-run`
// applies them, in batches.
import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {SanityClient} from '@sanity/client'
import type {Migration} from '@sanity/migrate'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {describeMutation} from './describeMutation.ts'
import {runMigration} from './runMigration.ts'

export const MIGRATIONS_FOLDER = join(repositoryRoot, 'studio', 'migrations')

const MIGRATION_NAME = /^[a-z0-9][a-z0-9_-]*$/i
/** Where Sanity's CLI looks for a migration named `name` (resolveMigrationScript.js), in its order. */
const candidates = (folder: string, name: string) =>
  ['ts', 'mjs', 'js'].flatMap((extension) => [
    join(folder, name, `index.${extension}`),
    join(folder, `${name}.${extension}`),
  ])

/** The migrations the folder holds, by name. */
export function migrationNames(folder = MIGRATIONS_FOLDER): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, {withFileTypes: true})
    .flatMap((entry) =>
      entry.isDirectory() ? [entry.name] : (/^(.+)\.(?:ts|mjs|js)$/.exec(entry.name)?.[1] ?? []),
    )
    .filter((name) => candidates(folder, name).some((file) => existsSync(file)))
    .sort()
}

export async function loadMigration(name: string, folder = MIGRATIONS_FOLDER): Promise<Migration> {
  const file = MIGRATION_NAME.test(name)
    ? candidates(folder, name).find((candidate) => existsSync(candidate))
    : undefined
  if (!file) {
    const names = migrationNames(folder)
    throw new Error(
      `No migration named "${name}" in ${folder} (${names.length > 0 ? `it has: ${names.join(', ')}` : 'it has none'})`,
    )
  }
  const migration = ((await import(pathToFileURL(file).href)) as {default?: Partial<Migration>})
    .default
  if (typeof migration?.title !== 'string' || migration.migrate === undefined)
    throw new Error(
      `${file} exports no migration: its default export is to be defineMigration({…})`,
    )
  return migration as Migration
}

export async function runMigrateCommand(
  client: SanityClient,
  args: string[],
  {folder = MIGRATIONS_FOLDER, print = (line: string) => console.log(line)} = {},
): Promise<string> {
  const [name] = args.filter((arg) => !arg.startsWith('--'))
  if (!name) throw new Error('Name the migration to run: migrate <name> [--no-dry-run]')
  const dryRun = !args.includes('--no-dry-run')
  const migration = await loadMigration(name, folder)
  print(
    `${dryRun ? 'Dry run of' : 'Running'} "${migration.title}" on dataset ${String(client.config().dataset)}`,
  )
  const report = await runMigration(migration, client, {
    dryRun,
    onBatch: (batch) => {
      if (!dryRun)
        print(`Committed transaction ${batch.transactionId} (${batch.mutations.length} mutations)`)
      if (dryRun) for (const mutation of batch.mutations) describeMutation(mutation).forEach(print)
    },
  })
  const changes = `${report.mutations} mutations in ${report.batches} ${report.batches === 1 ? 'batch' : 'batches'}, from ${report.documents} documents read`
  if (report.mutations === 0)
    return `Nothing to change: ${report.documents} documents read, none needs this migration.`
  return dryRun
    ? `Dry run: ${changes}; nothing was written. Apply them with: npm run content -- migrate ${name} --no-dry-run`
    : `Applied ${changes}.`
}
