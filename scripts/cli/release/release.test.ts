// The release as a host gets it: `npm run release` into a folder outside the repository, its production install
// in another (`npm ci --omit=dev`, as the Dockerfile runs it), and `npm start` there with the repository's Node 24,
// against a throwaway embedded lake: every page answers (the seeded landing page and the sitemap too), a draft shows
// in the draft preview, a published price goes live on the pages that show it, a change the hook cannot place is
// rendered in full from the release's server bundle, and every module the servers and their render process load
// comes from the install's folder, none from the repository. Then what a host can get wrong: an older Node.js, and a
// missing or wrong setting, each refused at start with one line naming it.
import {execFile, spawn, type ChildProcess} from 'node:child_process'
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {delimiter, dirname, join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {encodeSignatureHeader} from '@sanity/webhook'
import {editDraft, previewLink, publishDraft} from '@quantedge/content/editor'
import {exampleLandingPage} from '@quantedge/seed/content/landingPages'
import {
  TEST_LAKE_TOKEN,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import type {PublishStatus} from '@quantedge/publish-hook/publisher'
import {clientRenderedPaths, sitemapPaths} from '@quantedge/schemas/pages'
import {formatRupees} from '@quantedge/schemas/price'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {freePort} from '@quantedge/test-support/freePort'
import {startSeededLake} from '@quantedge/test-support/throwawaySite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

const execute = promisify(execFile)

/** Outside the repository: nothing there can resolve a package from the repository's node_modules. */
const work = mkdtempSync(join(tmpdir(), 'release-test-'))
const releaseDir = join(work, 'release')
const installDir = join(work, 'install')
const moduleLog = join(work, 'modules.log')
const SECRET = 'release-test-webhook-secret'
const LANDING_PAGE = '/example-festival-offer'
/**
 * More campaign pages than the seed's one: with them a full render has enough outputs to share them with the
 * render process's helper thread (web/prerender/incremental.ts), so the release's copy of that thread runs too.
 */
const CAMPAIGNS = Array.from({length: 10}, (_, index) => ({
  ...exampleLandingPage,
  _id: `landingPage-release-test-${index}`,
  title: `Release test campaign ${index}`,
  slug: {_type: 'slug' as const, current: `release-test-campaign-${index}`},
}))

let lake: TestLake
let releaseOutput: string
/** A port nothing listens on: a lake address where no lake answers. */
let closedPort: number
const ports = {site: 0, hook: 0, preview: 0}

/**
 * The host's PATH: the repository's Node 24 first (its own folder: the binary, no package), then the system's
 * folders, none of them a node_modules/.bin.
 */
const hostPath = [
  dirname(process.execPath),
  ...(process.env.PATH ?? '').split(delimiter).filter((folder) => !folder.includes('node_modules')),
].join(delimiter)

/** The settings a host sets for the release, pointed at the throwaway lake; nothing else of this process's. */
const hostSettings = (): NodeJS.ProcessEnv => ({
  // As the Dockerfile sets it (dockerfile.test.ts): React's production build, as the image runs it.
  NODE_ENV: 'production',
  PATH: hostPath,
  HOME: process.env.HOME,
  SANITY_PROJECT_ID: 'test',
  SANITY_DATASET: 'production',
  SANITY_API_HOST: lake.url,
  SANITY_API_READ_TOKEN: TEST_LAKE_TOKEN,
  SANITY_STUDIO_URL: 'http://localhost:3333',
  VITE_SUPABASE_URL: 'https://release-test.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'release-test-anon-key',
  SITE_PORT: String(ports.site),
  PUBLISH_HOOK_PORT: String(ports.hook),
  PUBLISH_HOOK_SECRET: SECRET,
  PREVIEW_PORT: String(ports.preview),
  PREVIEW_PUBLIC_SITE_URL: `http://127.0.0.1:${ports.site}`,
})

/** A preload that notes every module a process of the release resolves (Node's own hooks: no loader of ours). */
const RECORDER = `import {appendFileSync} from 'node:fs'
import * as module from 'node:module'
const log = process.env.RELEASE_TEST_MODULE_LOG
if (log && process.argv[1]?.startsWith(process.env.RELEASE_TEST_INSTALL_DIR)) {
  appendFileSync(log, \`\${process.pid} process \${process.argv[1]}\\n\`)
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context)
      appendFileSync(log, \`\${process.pid} module \${resolved.url}\\n\`)
      return resolved
    },
  })
}
`

/** Runs a command to its end; its exit code and its output, each stream apart. */
function outcomeOf(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{code: number | null; stdout: string; stderr: string}>((resolve) => {
    const child = spawn(command, args, {cwd: installDir, env, stdio: ['ignore', 'pipe', 'pipe']})
    let [stdout, stderr] = ['', '']
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('close', (code) => resolve({code, stdout, stderr}))
  })
}

beforeAll(async () => {
  expect(work.startsWith(repositoryRoot)).toBe(false)
  lake = await startSeededLake([], {}, CAMPAIGNS)
  ports.site = await freePort()
  ports.hook = await freePort()
  ports.preview = await freePort()
  closedPort = await freePort()
  const made = await execute('npm', ['run', 'release', '--', releaseDir], {
    cwd: repositoryRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
  releaseOutput = made.stdout
  cpSync(releaseDir, installDir, {recursive: true})
  await execute('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: installDir,
    env: {PATH: hostPath, HOME: process.env.HOME},
    maxBuffer: 64 * 1024 * 1024,
  })
}, 900_000)

afterAll(async () => {
  await lake?.close()
  rmSync(work, {recursive: true, force: true})
})

describe('the release', () => {
  it('says its installed size, within 150 MB, and its dependencies, which are what it installs', () => {
    const size = /Installed size: ([\d.]+) MB/.exec(releaseOutput)
    expect(size, releaseOutput).not.toBeNull()
    expect(Number(size![1])).toBeLessThanOrEqual(150)
    const manifest = JSON.parse(readFileSync(join(installDir, 'package.json'), 'utf8')) as {
      engines: {node: string}
      scripts: {start: string}
      dependencies: Record<string, string>
    }
    for (const [name, version] of Object.entries(manifest.dependencies))
      expect(releaseOutput).toContain(`  ${name} ${version}\n`)
    expect(Object.keys(manifest.dependencies)).toEqual(
      expect.arrayContaining(['react', 'react-router', '@sanity/client', 'sharp', 'sirv']),
    )
    expect(manifest.engines.node).toMatch(/^>=24\./)
    expect(manifest.scripts.start).toBe('node servers/start.mjs')
  })

  it('installs none of what only builds, tests or edits', () => {
    const installed = Object.keys(
      (
        JSON.parse(
          readFileSync(join(installDir, 'node_modules', '.package-lock.json'), 'utf8'),
        ) as {
          packages: Record<string, unknown>
        }
      ).packages,
    ).map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    expect(installed.length).toBeGreaterThan(10)
    for (const tool of [
      'sanity',
      '@sanity/ui',
      '@sanity/visual-editing',
      'vite',
      'rolldown',
      '@react-router/dev',
      'typescript',
      'vitest',
      'playwright',
      '@playwright/test',
      'lighthouse',
      'eslint',
    ])
      expect(installed).not.toContain(tool)
  })

  it('refuses a Node.js older than 24 in one line', async () => {
    const olderNode = hostPath
      .split(delimiter)
      .map((folder) => join(folder, 'node'))
      .find(
        (node) =>
          existsSync(node) &&
          node !== process.execPath &&
          !node.startsWith(dirname(process.execPath)),
      )
    expect(olderNode, "a system Node.js beside the project's 24 (Debian's is 20)").toBeDefined()
    const {stdout: version} = await execute(olderNode!, ['--version'])
    expect(Number(/^v(\d+)/.exec(version)![1])).toBeLessThan(24)
    const {code, stdout, stderr} = await outcomeOf(
      olderNode!,
      ['servers/start.mjs'],
      hostSettings(),
    )
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `need Node\\.js 24\\.\\d+\\.\\d+ or newer.*this is Node\\.js ${version.trim().slice(1)}`,
        ),
      ),
    ])
  })

  const EITHER = '^The (publish hook|draft preview) did not start: '
  it.each([
    [
      'no Content Lake project',
      () => ({SANITY_PROJECT_ID: undefined}),
      `${EITHER}SANITY_PROJECT_ID is not set`,
    ],
    [
      'no lake at its address',
      () => ({SANITY_API_HOST: `http://127.0.0.1:${closedPort}`}),
      `${EITHER}SANITY_API_HOST "http://127\\.0\\.0\\.1:\\d+": no Content Lake answers there \\(ECONNREFUSED\\)`,
    ],
    [
      'a read token the lake refuses',
      () => ({SANITY_API_READ_TOKEN: 'not-the-lake-token'}),
      '^The draft preview did not start: SANITY_API_READ_TOKEN: the Content Lake at .* refuses it \\(401',
    ],
    [
      'no webhook secret',
      () => ({PUBLISH_HOOK_SECRET: undefined}),
      '^The publish hook did not start: PUBLISH_HOOK_SECRET is not set',
    ],
    [
      'no Supabase project',
      () => ({VITE_SUPABASE_URL: undefined}),
      `${EITHER}VITE_SUPABASE_URL is not set`,
    ],
  ])('stops at start with one line naming the setting: %s', async (_, change, line) => {
    const env: NodeJS.ProcessEnv = {
      ...hostSettings(),
      ...change(),
      SITE_PORT: '0',
      PUBLISH_HOOK_PORT: '0',
      PREVIEW_PORT: '0',
    }
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
    const {code, stdout, stderr} = await outcomeOf(process.execPath, ['servers/start.mjs'], env)
    expect(code).toBe(1)
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(new RegExp(line))])
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m)
  })
})

describe('npm start in the installed release', () => {
  let server: ChildProcess
  let output = ''
  const site = (path: string) => fetch(`http://127.0.0.1:${ports.site}${path}`)
  const hookUrl = () => `http://127.0.0.1:${ports.hook}/hooks/publish`
  const hookStatus = async () => (await (await fetch(hookUrl())).json()) as PublishStatus

  beforeAll(async () => {
    writeFileSync(join(work, 'recordModules.mjs'), RECORDER)
    server = spawn('npm', ['start'], {
      cwd: installDir,
      env: {
        ...hostSettings(),
        NODE_OPTIONS: `--import=${pathToFileURL(join(work, 'recordModules.mjs')).href}`,
        RELEASE_TEST_MODULE_LOG: moduleLog,
        RELEASE_TEST_INSTALL_DIR: installDir,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // Ready once the site answers (after its every page is rendered from the lake) and the preview asks for a secret.
    const started = performance.now()
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm start stopped:\n${output}`)
      const answers = await Promise.all(
        [`http://127.0.0.1:${ports.site}/`, `http://127.0.0.1:${ports.preview}/`].map((url) =>
          fetch(url).then(
            ({status}) => status,
            () => 0,
          ),
        ),
      )
      if (answers[0] === 200 && answers[1] === 401) break
      if (performance.now() - started > 300_000)
        throw new Error(`npm start did not answer in 5 minutes:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }, 400_000)

  afterAll(async () => {
    if (server?.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid!, 'SIGTERM')
      await exited
    }
  })

  it('answers every page, the landing page and the sitemap, and a 404 for an unknown address', async () => {
    const campaigns = CAMPAIGNS.map(({slug}) => `/${slug.current}`)
    for (const path of [...sitemapPaths, LANDING_PAGE, ...campaigns]) {
      const response = await site(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(await response.text(), path).toContain('</html>')
    }
    for (const path of clientRenderedPaths) expect((await site(path)).status, path).toBe(200)
    const sitemap = await (await site('/sitemap.xml')).text()
    expect(sitemap).toContain(`${LANDING_PAGE}</loc>`)
    expect((await site('/robots.txt')).status).toBe(200)
    expect(await (await site(LANDING_PAGE)).text()).toContain(
      'Trade the festival season with a clear view',
    )
    expect((await site('/no-such-page')).status).toBe(404)
  })

  it('shows a draft in the draft preview, then the published price live on the pages that show it', async () => {
    const editor = testLakeClient(lake.url)
    const price = 777
    await editDraft(editor, 'indicator-straddle', {price})
    const link = await previewLink(
      editor,
      `http://127.0.0.1:${ports.preview}`,
      '/tradingview',
      'http://localhost:3333',
    )
    const entered = await fetch(link, {redirect: 'manual'})
    expect(entered.status).toBe(307)
    const cookie = entered.headers.get('set-cookie')!.split(';')[0]!
    const draft = await fetch(`http://127.0.0.1:${ports.preview}/tradingview`, {headers: {cookie}})
    expect(draft.status).toBe(200)
    expect(await draft.text()).toContain(formatRupees(price))
    expect(await (await site('/tradingview')).text()).not.toContain(formatRupees(price))

    await publishDraft(editor, 'indicator-straddle')
    for (const path of ['/tradingview', LANDING_PAGE]) {
      await expect
        .poll(async () => (await (await site(path)).text()).includes(formatRupees(price)), {
          timeout: 60_000,
        })
        .toBe(true)
    }
    expect((await hookStatus()).rebuilds).toContainEqual(
      expect.objectContaining({kind: 'render', ok: true}),
    )
  })

  it('renders every output again from its server bundle for a change it cannot place, and says a change of code is a new release', async () => {
    const body = '{}'
    const answer = await fetch(hookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET),
      },
      body,
    })
    expect(answer.status).toBe(202)
    await expect
      .poll(async () => (await hookStatus()).rebuilds.find(({kind}) => kind === 'full render'), {
        timeout: 120_000,
      })
      .toMatchObject({ok: true})
    expect(output).toMatch(
      /full render #\d+ \(every output again from this release's server bundle; a change of code is a new release/,
    )
    expect((await site(LANDING_PAGE)).status).toBe(200)
  })

  it('loads every module from the installed release, none from the repository, in the servers and their render process', () => {
    const lines = readFileSync(moduleLog, 'utf8').trimEnd().split('\n')
    const processes = lines.filter((line) => line.includes(' process '))
    expect(processes.map((line) => line.split(' ')[2])).toEqual(
      expect.arrayContaining([
        join(installDir, 'servers', 'start.mjs'),
        join(installDir, 'servers', 'renderWorker.mjs'),
      ]),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/ module file:.*\/servers\/renderHelperThread\.mjs$/),
    )
    const files = lines
      .filter((line) => line.includes(' module '))
      .map((line) => line.split(' ')[2]!)
      .filter((url) => url.startsWith('file:'))
    expect(files).toContainEqual(expect.stringContaining('/node_modules/react-router/'))
    expect(files).toContainEqual(expect.stringMatching(/\/server-bundle\/index\.js$/))
    const installed = pathToFileURL(installDir).href
    expect(files.filter((url) => !url.startsWith(`${installed}/`))).toEqual([])
    expect(files.filter((url) => url.includes(repositoryRoot))).toEqual([])
  })

  it('stops on a stop signal, its render process with it', async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    process.kill(-server.pid!, 'SIGTERM')
    await exited
    // npm is gone; the servers' own process stops once it has closed them, soon after.
    const answers = (url: string) =>
      fetch(url).then(
        () => 'answers',
        () => 'stopped',
      )
    await expect
      .poll(() => answers(`http://127.0.0.1:${ports.site}/`), {timeout: 15_000})
      .toBe('stopped')
    await expect.poll(() => answers(hookUrl()), {timeout: 15_000}).toBe('stopped')
  })
})
