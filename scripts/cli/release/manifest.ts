// A release's package manifest and lockfile: its dependencies only (what its bundles import), the Node.js it runs on,
// and `npm start`. The lockfile starts from the repository's own entries for installed packages, so every version a
// host installs is one this repository tests; npm completes it for the release's manifest and drops the rest
// (`npm install --package-lock-only`, no download), and a version that is not the repository's fails the release.
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {OLDEST_NODE} from '@quantedge/host/nodeVersion'
import {run} from '@quantedge/server-kit/run'
import {readLockfile, versionsNotTestedHere, type Lockfile} from './dependencies.ts'

export const RELEASE_NAME = 'quantedge-site-servers'

/** How a release starts: every server, or the site (with its publish hook) or the draft preview alone. */
const SCRIPTS = {
  'start': 'node servers/start.mjs',
  'start:site': 'node servers/start.mjs site',
  'start:preview': 'node servers/start.mjs preview',
}

export const manifestOf = (dependencies: Record<string, string>) => ({
  name: RELEASE_NAME,
  version: '1.0.0',
  private: true,
  description:
    "QuantEdge's site servers, as a release: the site with its publish hook and the draft preview (docs/deploy.md).",
  type: 'module',
  engines: {node: `>=${OLDEST_NODE}`},
  scripts: SCRIPTS,
  dependencies,
})

/** The repository's lockfile cut to installed packages (no workspaces, no links), under the release's root. */
function seedLockfile(manifest: ReturnType<typeof manifestOf>, repository: Lockfile): Lockfile {
  const installed = Object.entries(repository.packages).filter(
    ([path, entry]) =>
      path.startsWith('node_modules/') &&
      !entry.link &&
      !path.startsWith('node_modules/@quantedge/'),
  )
  const {name, version, engines, dependencies} = manifest
  return {
    name,
    lockfileVersion: 3,
    requires: true,
    packages: {'': {name, version, engines, dependencies}, ...Object.fromEntries(installed)},
  }
}

/** Writes `package.json` and `package-lock.json` into `releaseDir`; returns the lockfile. */
export async function writeManifest(releaseDir: string, dependencies: Record<string, string>) {
  const manifest = manifestOf(dependencies)
  const repository = readLockfile()
  writeFileSync(join(releaseDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const lockfile = join(releaseDir, 'package-lock.json')
  writeFileSync(lockfile, `${JSON.stringify(seedLockfile(manifest, repository), null, 2)}\n`)
  await run(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    {cwd: releaseDir},
  )
  const locked = readLockfile(lockfile)
  const untested = versionsNotTestedHere(locked, repository)
  if (untested.length > 0) {
    throw new Error(
      `The release's lockfile holds versions this repository does not install: ${untested.join(', ')}`,
    )
  }
  return locked
}
