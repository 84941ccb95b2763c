// A release's size as a host installs it: its production install (`npm ci --omit=dev`, as the Dockerfile runs it)
// made in a folder of its own and measured, then removed: the bytes of every file, as `du --apparent-size` counts
// them, and every package installed.
import {copyFileSync, lstatSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {run} from '@quantedge/server-kit/run'
import {installedAt, readLockfile} from './dependencies.ts'

/** The bytes of every file under `folder` (links counted as links). */
export const folderBytes = (folder: string) =>
  readdirSync(folder, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .reduce((bytes, entry) => bytes + lstatSync(join(entry.parentPath, entry.name)).size, 0)

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/** The production install, as a host makes it (`npm ci --omit=dev`), of the release in `folder`. */
export const productionInstall = (folder: string) =>
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {cwd: folder})

/** Installs the release's manifest in a scratch folder; its node_modules' bytes and the packages installed. */
export async function installedSize(releaseDir: string) {
  const scratch = mkdtempSync(join(tmpdir(), 'release-install-'))
  try {
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(join(releaseDir, file), join(scratch, file))
    await productionInstall(scratch)
    const installed = readLockfile(join(scratch, 'node_modules', '.package-lock.json'))
    return {
      bytes: folderBytes(join(scratch, 'node_modules')),
      packages: Object.entries(installed.packages)
        .filter(([path]) => path !== '')
        .map(([path, {version}]) => installedAt(path, version))
        .sort(),
    }
  } finally {
    rmSync(scratch, {recursive: true, force: true})
  }
}
