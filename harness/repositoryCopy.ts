// A temporary copy of the repository (its tracked and new files) that shares the installed packages, for tests
// and benchmarks that change files or run the whole product without touching the working tree or its data.
import {execFileSync} from 'node:child_process'
import {
  cpSync,
  existsSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

/** What a fresh clone has not made yet: caches under node_modules (kept builds, compile caches, Vite's). */
const MADE_BY_RUNS = new Set(['.cache', '.vite', '.vite-temp', '.vitest-cache'])

export type CopyOptions = {
  /**
   * The copy starts without this repository's caches (node_modules/.cache and Vite's), as a fresh clone after
   * `npm install` does: nothing it builds is kept from here, and what it keeps stays in the copy.
   */
  freshCaches?: boolean
}

export function copyRepository(label: string, {freshCaches = false}: CopyOptions = {}) {
  const root = mkdtempSync(join(tmpdir(), `${label}-`))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  })
  for (const file of files
    .split('\n')
    .filter((path) => path && existsSync(join(repositoryRoot, path)))) {
    mkdirSync(dirname(join(root, file)), {recursive: true})
    cpSync(join(repositoryRoot, file), join(root, file))
  }
  // Installed packages are shared by symlink (and the caches too, unless `freshCaches`); the workspaces' own links point at the copy's folders.
  mkdirSync(join(root, 'node_modules', '@quantedge'), {recursive: true})
  for (const entry of readdirSync(join(repositoryRoot, 'node_modules'))) {
    if (entry === '@quantedge' || (freshCaches && MADE_BY_RUNS.has(entry))) continue
    symlinkSync(join(repositoryRoot, 'node_modules', entry), join(root, 'node_modules', entry))
  }
  const {workspaces} = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  for (const workspace of workspaces.flatMap((pattern) =>
    globSync(pattern, {cwd: repositoryRoot}),
  )) {
    const {name} = JSON.parse(
      readFileSync(join(repositoryRoot, workspace, 'package.json'), 'utf8'),
    ) as {name: string}
    symlinkSync(join(root, workspace), join(root, 'node_modules', name))
    const ownPackages = join(repositoryRoot, workspace, 'node_modules')
    if (existsSync(ownPackages)) symlinkSync(ownPackages, join(root, workspace, 'node_modules'))
  }
  return {root, remove: () => rmSync(root, {recursive: true, force: true})}
}
