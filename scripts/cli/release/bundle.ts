// A release's own code: the deployed servers (servers/host/start.ts and what it starts) and the publish hook's
// render process, bundled by rolldown (the bundler inside Vite 8) into a few .mjs files in `<release>/servers/`.
// Our workspaces (@quantedge/*) are bundled; every npm package is left out, as a bare import the release's manifest
// installs, noted with the file that imports it so its version is the one that file resolves here. The release's
// root stands for web/ (its public/, build/ and build-preview/) and for the repository (its .data/): the servers'
// code sits one folder below it, as web/prerender/ does below web/.
import {isBuiltin} from 'node:module'
import {basename, dirname, isAbsolute, join, relative, sep} from 'node:path'
import {rolldown, type Plugin} from 'rolldown'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'

/** The folder of a release that holds its servers' code. */
export const SERVERS_DIR = 'servers'

/**
 * The release's entries: its start, the render process the publish hook forks and that process's helper thread
 * (each found beside the module that starts it).
 */
const ENTRIES = {
  start: join(repositoryRoot, 'servers/host/start.ts'),
  renderWorker: join(repositoryRoot, 'web/prerender/renderWorker.ts'),
  renderHelperThread: join(repositoryRoot, 'web/prerender/renderHelperThread.ts'),
}

/** Each npm package a bundle imports, with the files that import it. */
export type BareImports = Map<string, Set<string>>

/** The package a bare import names: `react-dom` for `react-dom/server`, `@sanity/client` for `@sanity/client/stega`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Leaves Node's own modules and npm packages out of a bundle, noting each package and who imports it. */
function leaveOutPackages(imports: BareImports) {
  return (id: string, importer: string | undefined) => {
    if (isBuiltin(id)) return true
    if (id.startsWith('.') || isAbsolute(id) || id.startsWith('@quantedge/')) return false
    const name = packageOf(id)
    const importers = imports.get(name) ?? new Set<string>()
    imports.set(name, importers.add(importer ?? ''))
    return true
  }
}

/**
 * Modules that find files by their own place (`import.meta.dirname`, `.url`, `.filename`), and where that place is in
 * a release. Any other one fails the release: bundled into servers/, it would look for its files there.
 */
const PLACED: Record<string, string> = {
  'web/prerender/webDir.ts': 'web/: the release root, one folder up, as from prerender/',
  'web/prerender/incrementalRenderer.ts': 'the render process: renderWorker.mjs beside it',
  'web/prerender/renderHelper.ts':
    "the render process's helper thread: renderHelperThread.mjs beside it",
  'web/prerender/precompress.ts':
    "the build's own cache of compressed assets, which a release never uses",
  'packages/server-kit/repositoryRoot.ts': 'the release root (rewritten below)',
}

/**
 * What a module means by its place, kept as it meant it: `import.meta.main` is false in any module but the one
 * Node started (bundled into an entry, a module's own `if (import.meta.main)` would run there), and the
 * repository's root is the release's.
 */
function keepPlaces(entries: readonly string[]): Plugin {
  return {
    name: 'quantedge:release-places',
    transform(code, id) {
      // Only our own modules (not the bundler's runtime, nor a package: packages are not bundled).
      if (!id.startsWith(`${repositoryRoot}${sep}`)) return undefined
      const file = relative(repositoryRoot, id)
      if (/import\.meta\.(dirname|url|filename)/.test(code) && !(file in PLACED)) {
        throw new Error(
          `${file} finds files by its own place (import.meta); bundled into a release's ${SERVERS_DIR}/ it would look there: name its folder in scripts/cli/release/bundle.ts, or pass it in`,
        )
      }
      if (file === 'packages/server-kit/repositoryRoot.ts') {
        const releaseRoot = code.replace(/(import\.meta\.dirname, )(['"])\.\.\/\.\.\2/, '$1$2..$2')
        if (releaseRoot === code)
          throw new Error(`${file} no longer names the root as two folders up`)
        return releaseRoot
      }
      // In code, not where a comment names it in backquotes.
      return entries.includes(id)
        ? undefined
        : code.replaceAll(/(?<!`)import\.meta\.main/g, 'false')
    },
  }
}

/** Bundles the release's servers into `<releaseDir>/servers`; returns the files written and the packages imported. */
export async function bundleServers(releaseDir: string) {
  const imports: BareImports = new Map()
  const bundle = await rolldown({
    cwd: repositoryRoot,
    input: ENTRIES,
    platform: 'node',
    external: leaveOutPackages(imports),
    plugins: [keepPlaces(Object.values(ENTRIES))],
  })
  const {output} = await bundle.write({
    dir: join(releaseDir, SERVERS_DIR),
    format: 'esm',
    entryFileNames: '[name].mjs',
    // A server's own chunk is named after its folder (publish-hook, preview), as a stack trace then reads.
    chunkFileNames: ({facadeModuleId}) =>
      facadeModuleId?.endsWith(`${sep}main.ts`)
        ? `${basename(dirname(facadeModuleId))}-[hash].mjs`
        : '[name]-[hash].mjs',
  })
  await bundle.close()
  const files = output.map(({fileName}) => join(SERVERS_DIR, fileName))
  return {files, imports}
}

/**
 * The npm packages already-built bundles (React Router's server bundles) load, each with the bundles loading it, and
 * those they only import on demand (`import()`), which are the browser's: the app loads supabase-js and visual
 * editing on demand in the browser only (web/app/auth/supabase.ts, web/app/components/Preview.tsx), so the server
 * never runs those imports, and a release leaves their packages out.
 */
export async function packagesLoadedBy(files: readonly string[]) {
  const scan = await rolldown({
    input: [...files],
    platform: 'node',
    external: (id) => !id.startsWith('.') && !isAbsolute(id),
  })
  const {output} = await scan.generate({format: 'esm'})
  await scan.close()
  const loaded: BareImports = new Map()
  const onDemand = new Set<string>()
  for (const chunk of output) {
    if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue
    for (const id of chunk.imports.filter((id) => !isBuiltin(id))) {
      const name = packageOf(id)
      loaded.set(name, (loaded.get(name) ?? new Set<string>()).add(chunk.facadeModuleId))
    }
    for (const id of chunk.dynamicImports.filter((id) => !isBuiltin(id)))
      onDemand.add(packageOf(id))
  }
  return {loaded, onDemand: [...onDemand].filter((name) => !loaded.has(name)).sort()}
}
