// The stand-in's Postgres: PGlite (real Postgres in WASM) persisted in a data folder, with Supabase's base
// (roles, auth schema, auth.uid()) and then this project's migrations, applied unchanged and recorded.
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {threadId, Worker} from 'node:worker_threads'
import {PGlite, type Transaction} from '@electric-sql/pglite'
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '..', 'migrations')
const BOOTSTRAP = readFileSync(join(import.meta.dirname, 'bootstrap.sql'), 'utf8')
const BOOTSTRAP_UPGRADES = readFileSync(join(import.meta.dirname, 'bootstrapUpgrades.sql'), 'utf8')

export type Database = PGlite

/** The claims a request runs with; `role` picks the Postgres role, as PostgREST does. */
export type RequestClaims = {
  role: 'anon' | 'authenticated' | 'service_role'
  sub?: string
  [claim: string]: unknown
}

/**
 * Opens the database in `dataDir` (in memory without one), then applies pending migrations. A new database
 * starts from a copy of one already made with Supabase's base and these migrations (template below).
 */
export async function openDatabase(
  dataDir?: string,
  migrationsDir = MIGRATIONS_DIR,
): Promise<Database> {
  const isNew = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'))
  if (dataDir) mkdirSync(dataDir, {recursive: true})
  const loadDataDir = isNew ? await migratedTemplate(migrationsDir) : undefined
  const db = await PGlite.create({dataDir, loadDataDir, extensions: {pgcrypto}})
  await db.exec(BOOTSTRAP_UPGRADES)
  await applyMigrations(db, migrationsDir)
  return db
}

// Running the base and every migration in WASM takes seconds, and every test and first start pays it: the result
// is kept once per set of scripts (keyed by their text and PGlite's version) as PGlite's own data-folder tarball
// (dumpDataDir / loadDataDir), in node_modules/.cache, and a new database loads that instead.
const TEMPLATES_DIR = join(repositoryRoot, 'node_modules', '.cache', 'supabase-local')

/** Where the template for these scripts is kept. */
function templatePath(migrationsDir: string) {
  const key = createHash('sha256').update(`${pgliteVersion()}\0${BOOTSTRAP}\0${BOOTSTRAP_UPGRADES}`)
  for (const file of migrationFiles(migrationsDir))
    key.update(`\0${file}\0`).update(readFileSync(join(migrationsDir, file)))
  return join(TEMPLATES_DIR, `${key.digest('hex').slice(0, 32)}.tar.gz`)
}

/**
 * The template, made first when it is not kept. Making it (initdb, then the scripts, in WASM) keeps a thread busy
 * for seconds at a time: it is made in a worker thread, so the process that opens the database (npm start's, with
 * the Content Lake and the builds' progress in it) goes on answering meanwhile.
 */
async function migratedTemplate(migrationsDir: string): Promise<Blob> {
  const path = templatePath(migrationsDir)
  if (!existsSync(path)) {
    const worker = new Worker(new URL('./templateWorker.ts', import.meta.url), {
      workerData: {path, migrationsDir},
    })
    await new Promise<void>((resolvePromise, reject) => {
      worker.once('error', reject)
      worker.once('exit', (code) =>
        code === 0
          ? resolvePromise()
          : reject(new Error(`Making the database template stopped with exit code ${code}`)),
      )
    })
  }
  return new Blob([readFileSync(path)])
}

/** Makes the template at `path`: Supabase's base and every migration, as PGlite's data-folder tarball. */
export async function makeTemplate(path: string, migrationsDir: string) {
  const db = await PGlite.create({extensions: {pgcrypto}})
  try {
    await db.exec(BOOTSTRAP)
    await db.exec(BOOTSTRAP_UPGRADES)
    await applyMigrations(db, migrationsDir)
    const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())
    // Written whole and renamed into place: workers making it at once each leave a complete file.
    mkdirSync(TEMPLATES_DIR, {recursive: true})
    const partial = `${path}.${process.pid}.${threadId}.partial`
    writeFileSync(partial, tarball)
    renameSync(partial, path)
  } finally {
    await db.close()
  }
}

const pgliteVersion = () =>
  (
    JSON.parse(
      readFileSync(
        join(repositoryRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
        'utf8',
      ),
    ) as {version: string}
  ).version

const migrationFiles = (migrationsDir: string) =>
  readdirSync(migrationsDir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()

export async function applyMigrations(
  db: Database,
  migrationsDir = MIGRATIONS_DIR,
): Promise<string[]> {
  const applied = new Set(
    (
      await db.query<{version: string}>('select version from supabase_migrations.schema_migrations')
    ).rows.map((row) => row.version),
  )
  const pending = migrationFiles(migrationsDir).filter((file) => !applied.has(file.split('_')[0]!))
  for (const file of pending) {
    const [version, ...name] = file.replace(/\.sql$/, '').split('_')
    try {
      await db.transaction(async (tx) => {
        await tx.exec(readFileSync(join(migrationsDir, file), 'utf8'))
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [version, name.join('_')],
        )
      })
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`)
    }
  }
  return pending
}

/** What PostgREST tells SQL about the HTTP request besides its claims (request.headers, .method, .path). */
export type RequestSettings = {headers?: Record<string, string>; method?: string; path?: string}

/**
 * Runs `work` in a transaction as the request's role, with its JWT claims and request settings, as
 * PostgREST runs API requests (docs/references/transactions.rst: request.headers is one JSON object).
 */
export function asRequest<T>(
  db: Database,
  claims: RequestClaims,
  work: (tx: Transaction) => Promise<T>,
  request: RequestSettings = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true),
         set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [
        JSON.stringify(claims),
        JSON.stringify(request.headers ?? {}),
        request.method ?? '',
        request.path ?? '',
      ],
    )
    await tx.exec(`set local role ${claims.role}`)
    return work(tx)
  })
}
