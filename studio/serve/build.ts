// Builds Sanity Studio into a static app, for the embedded lake when no Sanity project is configured and
// for the configured project otherwise. The Studio reads only SANITY_STUDIO_* settings, at build time; built for
// the embedded lake, it takes the lake's and the preview's addresses from its page instead, so a build of the same
// sources starts from a kept one (server-kit's keptBuilds.ts) whatever ports a stack has.
import {cpSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {buildOrStartFromKept} from '@quantedge/server-kit/keptBuilds'
import {run} from '@quantedge/server-kit/run'
import {writeStudioHeaders} from './securityHeaders.ts'

export const studioDir = resolve(import.meta.dirname, '..')

type Env = Record<string, string | undefined>

/** The embedded lake's addresses for a Studio: HTTP/2 over TLS, plain HTTP, and the stream ports. */
export type StudioLakeAddresses = {
  secureUrl: string
  plainUrl: string
  streamUrls: readonly string[]
}

/** The addresses of a lake on this machine's ports, as the Studio's page calls them. */
export const studioLakeAddresses = (lake: {
  port: number
  securePort: number
  streamPorts: readonly number[]
}): StudioLakeAddresses => ({
  secureUrl: `https://localhost:${lake.securePort}`,
  plainUrl: `http://localhost:${lake.port}`,
  streamUrls: lake.streamPorts.map((port) => `http://127.0.0.1:${port}`),
})

/**
 * The Studio's build settings: the draft preview it opens and, without a Sanity project, the embedded lake's
 * addresses (its HTTP/2 address unless SANITY_STUDIO_API_HOST says otherwise).
 */
export function studioEnv(
  {previewUrl, lake}: {previewUrl: string; lake: StudioLakeAddresses},
  env: Env = process.env,
): Record<string, string> {
  const settings = {SANITY_STUDIO_PREVIEW_URL: env.SANITY_STUDIO_PREVIEW_URL || previewUrl}
  if (env.SANITY_STUDIO_PROJECT_ID) return settings
  return {
    ...settings,
    SANITY_STUDIO_API_HOST: env.SANITY_STUDIO_API_HOST || lake.secureUrl,
    SANITY_STUDIO_LAKE_PLAIN_URL: lake.plainUrl,
    SANITY_STUDIO_LAKE_STREAM_URLS: lake.streamUrls.join(','),
  }
}

/** The Studio's own script in the index.html `sanity build` writes (its default document, sanity 6.16). */
const STUDIO_ENTRY = /<script src="([^"]+)" type="module"><\/script>/g

/**
 * Puts lakeRoute/bootstrap.ts in place of the Studio's own script, which it starts once it has chosen how the
 * page reaches the lake, and lakeRoute/worker.ts at the root (a service worker's scope is its folder).
 */
async function routeToEmbeddedLake(outDir: string, env: Record<string, string>) {
  const indexPath = join(outDir, 'index.html')
  const index = readFileSync(indexPath, 'utf8')
  const entries = [...index.matchAll(STUDIO_ENTRY)]
  if (entries.length !== 1 || !entries[0]?.[1])
    throw new Error(
      `The Studio's index.html has ${entries.length} module scripts, not its one entry`,
    )
  const bootstrap = `/lake-bootstrap.js?${new URLSearchParams({
    entry: entries[0][1],
    secure: env.SANITY_STUDIO_API_HOST ?? '',
    plain: env.SANITY_STUDIO_LAKE_PLAIN_URL ?? '',
    streams: env.SANITY_STUDIO_LAKE_STREAM_URLS ?? '',
    preview: env.SANITY_STUDIO_PREVIEW_URL ?? '',
  })}`
  const script = `<script src="${bootstrap.replaceAll('&', '&amp;')}" type="module"></script>`
  writeFileSync(indexPath, index.replace(entries[0][0], script))
  for (const [source, served] of [
    ['bootstrap.ts', 'lake-bootstrap.js'],
    ['worker.ts', 'lake-worker.js'],
  ] as const) {
    const code = readFileSync(join(studioDir, 'lakeRoute', source), 'utf8')
    // TypeScript's own transpiler: Node's stripTypeScriptTypes warns that it is experimental on every build. Loaded
    // here, not with this module: it takes half a second, and `npm start` loads this module before its site is ready.
    const {default: ts} = await import('typescript')
    const {outputText} = ts.transpileModule(code, {
      compilerOptions: {target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext},
    })
    writeFileSync(join(outDir, served), outputText)
  }
}

/** What the built Studio's `_headers` is written from besides the Studio's own sources (securityHeaders.ts). */
export const STUDIO_HEADER_SOURCES = [
  'packages/server-kit/securityHeaders.ts',
  'packages/server-kit/headersFile.ts',
]

/** What the Studio's bundle reads: the Studio, the content model, and the embedded lake's local login. */
export const STUDIO_SOURCES = ['studio', 'schemas', 'studio/content-lake/account/localLogin.ts']

/**
 * Settings the embedded lake's Studio takes from its page (routeToEmbeddedLake) rather than from its bundle, so that
 * one bundle serves any lake and preview address: a test's throwaway stack starts from a kept build.
 */
const PAGE_SETTINGS = [
  'SANITY_STUDIO_API_HOST',
  'SANITY_STUDIO_PREVIEW_URL',
  'SANITY_STUDIO_LAKE_PLAIN_URL',
  'SANITY_STUDIO_LAKE_STREAM_URLS',
]

export async function buildStudio(outDir: string, env: Record<string, string> = {}) {
  const embedded = Boolean(env.SANITY_STUDIO_LAKE_PLAIN_URL)
  const bundleEnv = embedded
    ? {...env, ...Object.fromEntries(PAGE_SETTINGS.map((name) => [name, '']))}
    : env
  await buildOrStartFromKept({
    kind: 'studio',
    inputs: {
      sources: STUDIO_SOURCES,
      settings: Object.fromEntries(
        Object.entries({...process.env, ...bundleEnv}).filter(([name]) =>
          name.startsWith('SANITY_STUDIO_'),
        ),
      ),
    },
    outDir,
    // Production's build whoever starts it (Vitest sets NODE_ENV=test, which would keep React's development build).
    build: () =>
      run('sanity', ['build', outDir, '--yes'], {
        cwd: studioDir,
        env: {...bundleEnv, NODE_ENV: 'production'},
      }),
    fromKept: async (keptDir) => {
      rmSync(outDir, {recursive: true, force: true})
      cpSync(keptDir, outDir, {recursive: true})
    },
  })
  if (embedded) await routeToEmbeddedLake(outDir, env)
  writeStudioHeaders(outDir, {...process.env, ...env})
  return outDir
}
