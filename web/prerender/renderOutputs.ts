// Renders prerendered outputs again from the kept server bundle (keepServerBundle.ts), as React Router's own
// prerender writes them (@react-router/dev's vite.js: handlePrerender, prerenderData, prerenderRoute,
// prerenderResourceRoute, handleSpaMode), and notes the sync tags each output read (@quantedge/content-access/reads). No Vite
// build: a path costs its queries and one render.
import {AsyncLocalStorage} from 'node:async_hooks'
import {statSync} from 'node:fs'
import {mkdir, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router'
import {recordingReads, sharingAnswers} from '@quantedge/content-access/reads'
import {REDIRECTS_OUTPUT, renderRedirects} from './redirects.ts'
import {renderLog} from '../app/content/renderLog.server.ts'
import {webDir} from './webDir.ts'

/**
 * Per prerendered path: the files it writes (relative to the client folder), the sync tags it read, and for a
 * landing page the document it shows (landingPages.ts).
 */
export type OutputReads = Record<string, {files: string[]; tags: string[]; landingPage?: string}>

export const SPA_FALLBACK = '__spa-fallback.html'

function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return []
    const {id, path} = route
    return [route.index ? {id, path, index: true} : {id, path, children: routeTree(routes, id)}]
  })
}

async function importServerBundle(entry: string) {
  const imported = (await import(pathToFileURL(entry).href)) as ServerBuild
  // A production handler answers a failed loader with a sanitized error; its handleError hook still sees the
  // error itself, kept here for the request it belongs to (renders overlap) so a failed render says what went wrong.
  const failures = new AsyncLocalStorage<{error?: unknown}>()
  const build: ServerBuild = {
    ...imported,
    entry: {
      module: {
        ...imported.entry.module,
        handleError: (error: unknown) => {
          const request = failures.getStore()
          if (request) request.error = error
        },
      },
    },
  }
  // React Router honours the prerender's own request headers only in a build request (getBuildTimeHeader).
  process.env.IS_RR_BUILD_REQUEST = 'yes'
  // With ssr: false its handler renders only the paths of the prerender list (any other gets the SPA shell, or 404
  // for its data): the landing pages, which the list cannot know, are added to the handler's copy as they come.
  const renderable = [...build.prerender]
  const handler = createRequestHandler({...build, prerender: renderable}, 'production')
  return {
    build,
    /** Answers one request, with the error a loader threw while answering it, if any. */
    handle: async (request: Request, context?: AppLoadContext) => {
      const failure: {error?: unknown} = {}
      const response = await failures.run(failure, () => handler(request, context))
      return {response, failure: failure.error}
    },
    /** Lets the handler render `path` as a prerendered page (a landing page). */
    allow: (path: string) => {
      if (!renderable.includes(path)) renderable.push(path)
    },
  }
}

export type Bundle = Awaited<ReturnType<typeof importServerBundle>>

// Incremental releases hard-link the bundle of the release they start from, so one file (device and inode) is one
// bundle: a process that renders many releases imports it once, and again only after a full build made a new one.
const loaded = new Map<string, Promise<Bundle>>()

/** The server bundle's build, and a handler that renders with data handed over as React Router's prerender does. */
export function loadServerBundle(serverBundleDir: string) {
  const entry = join(serverBundleDir, 'index.js')
  const {dev, ino} = statSync(entry)
  const key = `${dev}:${ino}`
  let bundle = loaded.get(key)
  if (!bundle) {
    bundle = importServerBundle(entry)
    loaded.set(key, bundle)
    bundle.catch(() => loaded.delete(key))
  }
  return bundle
}

async function respond(
  handle: Bundle['handle'],
  url: string,
  headers?: HeadersInit,
  context?: AppLoadContext,
) {
  const {response, failure} = await handle(
    new Request(`http://localhost${url}`, {headers}),
    context,
  )
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200 && response.status !== 202) {
    const cause = failure instanceof Error ? failure.message : body.toString('utf8')
    throw new Error(`Re-render: ${url} answered ${response.status}: ${cause}`)
  }
  return body
}

/**
 * The files one prerendered path writes, with their contents, as React Router writes them; a landing page's data
 * is loaded with the document it shows in the load context.
 */
async function renderPath({build, handle, allow}: Bundle, path: string, landingPageId?: string) {
  if (path === SPA_FALLBACK) {
    return {[SPA_FALLBACK]: await respond(handle, '/', {'X-React-Router-SPA-Mode': 'yes'})}
  }
  if (path === REDIRECTS_OUTPUT) return {[REDIRECTS_OUTPUT]: await renderRedirects()}
  if (landingPageId) allow(path)
  const matches = matchRoutes(routeTree(build.routes), `/${path}/`.replace(/^\/\/+/, '/'))
  if (!matches) throw new Error(`Re-render: no route matches ${path}`)
  const leafId = matches[matches.length - 1]!.route.id ?? ''
  const module = build.routes[leafId]?.module
  const dataFile =
    path === '/' ? '_root.data' : `${path.replace(/^\//, '').replace(/\/$/, '')}.data`
  if (module && !module.default && !module.ErrorBoundary) {
    const resource = path.replace(/^\//, '')
    return {
      [dataFile]: await respond(handle, `/${dataFile}?_routes=${encodeURIComponent(leafId)}`),
      [resource]: await respond(handle, `/${resource}`),
    }
  }
  const hasLoaders = matches.some(({route}) => build.assets.routes[route.id ?? '']?.hasLoader)
  const data = hasLoaders
    ? await respond(handle, `/${dataFile}`, undefined, landingPageId ? {landingPageId} : undefined)
    : undefined
  const page = `${path}/`.replace(/\/\/+/g, '/')
  const html = await respond(
    handle,
    page,
    data ? {'X-React-Router-Prerender-Data': encodeURI(data.toString('utf8'))} : undefined,
  )
  return {
    ...(data ? {[dataFile]: data} : {}),
    [join(page.replace(/^\//, ''), 'index.html')]: html,
  }
}

/** How many outputs render at once: one renders while the others wait for the lake. */
const CONCURRENT_RENDERS = 4

/**
 * Renders `paths` into `clientDir`, as React Router does, a few at a time (while one page renders, the others'
 * queries are answered), the same query asked of the lake once for all of them (sharingAnswers), and returns
 * what each read, in the order of `paths`; `written` is told each path's files as soon as they are on disk (with
 * the landing page's id for one). `landing` names the document each landing page among them shows
 * (landingPages.ts). A landing page that fails to render is left out and logged, never failing the others: one
 * campaign page must not hold back a publish; any other path that fails fails the render, once the outputs
 * already rendering have ended.
 */
export async function renderOutputs(
  bundle: Bundle,
  clientDir: string,
  paths: readonly string[],
  written: (files: readonly string[], landingPage: string | undefined) => void = () => undefined,
  landing: ReadonlyMap<string, string> = new Map(),
) {
  // Pages read the site's own files relative to web/ (inlineImage.server.ts), as in `react-router build`.
  if (process.cwd() !== webDir) throw new Error(`Re-render from ${webDir}, not ${process.cwd()}`)
  const renderOne = async (path: string): Promise<OutputReads[string] | undefined> => {
    const landingPage = landing.get(path)
    const rendered = await recordingReads(() => renderPath(bundle, path, landingPage)).catch(
      (error: unknown) => {
        if (!landingPage) throw error
        renderLog().warn(
          {landingPage, path, err: error},
          '[landing] left out a landing page: its render failed',
        )
        return undefined
      },
    )
    if (!rendered) return undefined
    for (const [file, contents] of Object.entries(rendered.value)) {
      const target = join(clientDir, file)
      await mkdir(dirname(target), {recursive: true})
      await writeFile(target, contents)
    }
    const files = Object.keys(rendered.value)
    written(files, landingPage)
    return {files, tags: rendered.tags, ...(landingPage ? {landingPage} : {})}
  }
  const results = new Map<string, OutputReads[string]>()
  let next = 0
  let failed: {error: unknown} | undefined
  const renderInTurn = async () => {
    while (!failed && next < paths.length) {
      const path = paths[next++]!
      try {
        const read = await renderOne(path)
        if (read) results.set(path, read)
      } catch (error) {
        failed ??= {error}
      }
    }
  }
  await sharingAnswers(() =>
    Promise.all(Array.from({length: Math.min(CONCURRENT_RENDERS, paths.length)}, renderInTurn)),
  )
  if (failed) throw failed.error
  return Object.fromEntries(
    paths.flatMap((path) => (results.has(path) ? [[path, results.get(path)!]] : [])),
  )
}

/** Every path the full prerender writes: the build's own list and the SPA fallback React Router adds. */
export const allPaths = ({build}: Bundle) => [...build.prerender, SPA_FALLBACK]

/**
 * Every output a release holds: React Router's own (allPaths), the redirects, and the landing pages of `landing`
 * (landingPages.ts), which React Router's prerender does not know.
 */
export const releasePaths = (bundle: Bundle, landing: ReadonlyMap<string, string>) => [
  ...allPaths(bundle),
  REDIRECTS_OUTPUT,
  ...landing.keys(),
]
