// `npm run release -- <folder>`: what production runs, built once into a folder a host installs with its
// production install (`npm ci --omit=dev`) and starts with `npm start` (docs/deploy.md): the servers' code bundled
// (bundle.ts), the site build (its code and assets: the host renders the pages from its own lake when it starts),
// the draft preview's build, the site's own files the pages read as they render, and a manifest and lockfile
// holding only what that code imports (manifest.ts). Prints the release's installed size, measured by installing it
// (size.ts), and its dependencies.
import {execFileSync} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv} from '@quantedge/content-access/env'
import {seedContentLake} from '@quantedge/seed'
import {seedDocuments} from '@quantedge/seed/documents'
import {LAKE_PROJECT_ID, startContentLake} from '@quantedge/content-lake'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {stopRunningCommands} from '@quantedge/server-kit/run'
import {buildPreviewSite, compileSite, webDir} from '@quantedge/web/prerender'
import {removeOutputs} from '@quantedge/web/prerender/renderAll'
import {phase, PhaseFailed, seconds} from '../phases.ts'
import {bundleServers, packagesLoadedBy} from './bundle.ts'
import {lockedVersions} from './dependencies.ts'
import {writeManifest} from './manifest.ts'
import {folderBytes, installedSize, megabytes} from './size.ts'

/** What the release is meant to weigh installed at most (issue 51). */
const TARGET_BYTES = 150e6

/**
 * Runs `work` with a lake holding the spec's seed in a folder of its own: a site build that compiles prerenders
 * from content, which the release then leaves out.
 */
async function withSeededLake<T>(work: (env: NodeJS.ProcessEnv) => Promise<T>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'release-lake-'))
  const token = randomBytes(16).toString('hex')
  const lake = await startContentLake({dataDir, token, port: 0})
  try {
    const env = {
      SANITY_PROJECT_ID: LAKE_PROJECT_ID,
      SANITY_DATASET: 'production',
      SANITY_API_HOST: lake.url,
      SANITY_API_WRITE_TOKEN: token,
    }
    await seedContentLake(contentClient('write', readContentEnv(env)), seedDocuments)
    return await work(env)
  } finally {
    await lake.close()
    rmSync(dataDir, {recursive: true, force: true})
  }
}

/** The commit the release is made from, when this is a git checkout (with `+changes` when it has uncommitted ones). */
function commitOf() {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {cwd: repositoryRoot, encoding: 'utf8', stdio: 'pipe'}).trim()
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? '+changes' : ''}`
  } catch {
    return undefined
  }
}

const README = `# QuantEdge's site servers (a release)

Made by \`npm run release\` in the site's repository, whose docs/deploy.md says how to deploy it. Here:

- \`npm ci --omit=dev\` installs what it runs (Node.js 24; package.json names the packages, package-lock.json pins them)
- \`npm start\` starts the site with its publish hook and the draft preview, from the settings in the environment
  (\`npm run start:site\`, \`npm run start:preview\`: one of them)
- servers/ is their code, build/ the site build (its pages are rendered from the Content Lake at start),
  build-preview/ the draft preview's build, public/ the site's own files, release.json what it was made from
`

function checkFolder(folder: string) {
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new Error(`${folder} is not empty: name a new or empty folder for the release`)
  mkdirSync(folder, {recursive: true})
}

async function makeRelease(folder: string) {
  checkFolder(folder)
  mkdirSync(join(webDir, '.release-builds'), {recursive: true})
  // Built inside web/, where their server bundles resolve the app's packages (the site build's prerender loads its).
  const scratch = mkdtempSync(join(webDir, '.release-builds', 'release-'))
  try {
    const site = phase('Site', async () => {
      const buildDir = await withSeededLake((env) =>
        compileSite({buildDir: join(scratch, 'build'), env}),
      )
      cpSync(buildDir, join(folder, 'build'), {recursive: true})
      removeOutputs(join(folder, 'build'))
      cpSync(join(webDir, 'public'), join(folder, 'public'), {recursive: true})
      return {
        value: buildDir,
        did: `code and assets, no pages: ${megabytes(folderBytes(join(folder, 'build')))}`,
      }
    })
    const preview = phase('Draft preview', async () => {
      const buildDir = await buildPreviewSite(join(scratch, 'build-preview'))
      // Without the server bundle's copy the site's renders keep (keepServerBundle.ts): the preview renders per request.
      cpSync(buildDir, join(folder, 'build-preview'), {
        recursive: true,
        filter: (source) => source !== join(buildDir, 'server-bundle'),
      })
      return {
        value: buildDir,
        did: `rendered per request: ${megabytes(folderBytes(join(folder, 'build-preview')))}`,
      }
    })
    const servers = phase('Servers', async () => {
      const bundled = await bundleServers(folder)
      return {
        value: bundled,
        did: `bundled into ${bundled.files.length} files: ${megabytes(folderBytes(join(folder, 'servers')))}`,
      }
    })
    const dependencies = phase(
      'Dependencies',
      async () => {
        const [{imports}, siteBuild, previewBuild] = await Promise.all([servers, site, preview])
        const bundles = await packagesLoadedBy([
          join(siteBuild, 'server-bundle', 'index.js'),
          join(previewBuild, 'server', 'index.js'),
        ])
        for (const [name, importers] of bundles.loaded)
          imports.set(name, new Set([...(imports.get(name) ?? []), ...importers]))
        const versions = lockedVersions(imports)
        await writeManifest(folder, versions)
        return {
          value: {versions, leftOut: bundles.onDemand},
          did: `${Object.keys(versions).length} packages, locked at this repository's versions`,
        }
      },
      {after: [servers, site, preview]},
    )
    const installed = phase(
      'Installed size',
      async () => {
        const size = await installedSize(folder)
        return {value: size, did: `npm ci --omit=dev: ${megabytes(size.bytes)} in node_modules`}
      },
      {after: [dependencies]},
    )
    await phase.allPrinted()
    const [{versions, leftOut}, size] = await Promise.all([dependencies, installed])
    const ownBytes = folderBytes(folder)
    writeFileSync(
      join(folder, 'release.json'),
      `${JSON.stringify(
        {
          commit: commitOf(),
          madeAt: new Date().toISOString(),
          dependencies: versions,
          leftOut,
          installed: {bytes: size.bytes + ownBytes, packages: size.packages},
        },
        null,
        2,
      )}\n`,
    )
    writeFileSync(join(folder, 'README.md'), README)
    return {versions, leftOut, size, ownBytes}
  } finally {
    rmSync(scratch, {recursive: true, force: true})
  }
}

if (import.meta.main) {
  const started = performance.now()
  const asked = process.argv[2]
  if (!asked || asked.startsWith('-')) {
    console.error('Name the folder to make the release in: npm run release -- <folder>')
    process.exit(2)
  }
  // npm runs the script in the repository; the folder is named from where npm was started.
  const folder = resolve(process.env.INIT_CWD ?? process.cwd(), asked)
  try {
    console.log(`Making a release in ${folder} (each phase's output: .data/logs)`)
    const {versions, leftOut, size, ownBytes} = await makeRelease(folder)
    const total = size.bytes + ownBytes
    const over = total > TARGET_BYTES ? ': OVER THE TARGET' : ''
    console.log(`Released in ${seconds(started)}: ${folder}`)
    console.log(
      `Installed size: ${megabytes(total)} (node_modules ${megabytes(size.bytes)}, the release's own files ${megabytes(ownBytes)}); target ≤ ${megabytes(TARGET_BYTES)}${over}`,
    )
    console.log(
      `Dependencies: ${Object.keys(versions).length}, what its code imports (${size.packages.length} packages installed with theirs, listed in release.json):`,
    )
    for (const [name, version] of Object.entries(versions)) console.log(`  ${name} ${version}`)
    if (leftOut.length > 0) {
      console.log(`Left out, imported on demand by the browser's code only: ${leftOut.join(', ')}`)
    }
    console.log(
      'Start it: cd into it, npm ci --omit=dev, then npm start with its settings (docs/deploy.md)',
    )
  } catch (error) {
    stopRunningCommands()
    if (!(error instanceof PhaseFailed))
      console.error(`Release failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
