// A release's dependencies: the npm packages its bundles import, each at the version this repository installs for
// the file that imports it (Node's own lookup: the nearest node_modules/<package> up from that file), read from the
// repository's lockfile. One release holds one copy of a package: two importers resolving two versions fail it.
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import type {BareImports} from './bundle.ts'

/** What the release's lockfile and its checks read of a lockfile (npm's v3 format). */
export type Lockfile = {
  name?: string
  lockfileVersion: number
  requires?: boolean
  packages: Record<string, {version?: string; link?: boolean; [field: string]: unknown}>
}

export const readLockfile = (file = join(repositoryRoot, 'package-lock.json')) =>
  JSON.parse(readFileSync(file, 'utf8')) as Lockfile

/** The folder of `name` as Node finds it from `file`: the nearest node_modules/<name> in a folder above. */
function packageFolderFrom(file: string, name: string) {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(folder) === folder) return undefined
  }
}

/** Each package `imports` names, at the version the lockfile has for the copy its importers load. */
export function lockedVersions(imports: BareImports, lockfile: Lockfile = readLockfile()) {
  const versions: Record<string, string> = {}
  for (const [name, importers] of [...imports].sort(([a], [b]) => a.localeCompare(b))) {
    const found = new Map<string, string[]>()
    for (const importer of importers) {
      const folder = packageFolderFrom(importer, name)
      const version = folder && lockfile.packages[relative(repositoryRoot, folder)]?.version
      if (!version) {
        throw new Error(
          `${relative(repositoryRoot, importer)} imports ${name}, which the repository's lockfile does not install for it`,
        )
      }
      found.set(version, [...(found.get(version) ?? []), relative(repositoryRoot, importer)])
    }
    if (found.size > 1) {
      const which = [...found].map(([version, files]) => `${version} for ${files.join(', ')}`)
      throw new Error(`A release holds one ${name}, but its code loads ${which.join(' and ')}`)
    }
    versions[name] = [...found.keys()][0]!
  }
  return versions
}

/** `name@version` of the package at a lockfile's `path` (`node_modules/a/node_modules/@b/c` holds `@b/c`). */
export const installedAt = (path: string, version: string | undefined) =>
  `${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${version ?? '?'}`

/** The packages of `release` (a lockfile) at a version the repository's lockfile installs nowhere. */
export function versionsNotTestedHere(release: Lockfile, repository: Lockfile = readLockfile()) {
  const tested = new Set(
    Object.entries(repository.packages).map(([path, {version}]) => installedAt(path, version)),
  )
  return Object.entries(release.packages)
    .filter(([path]) => path !== '')
    .map(([path, {version}]) => installedAt(path, version))
    .filter((installed) => !tested.has(installed))
}
