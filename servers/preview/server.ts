// The draft-preview server: the same routes as the public site, rendered per request from the drafts
// perspective, or the release the Studio's perspective switcher picked (perspective.ts), through @sanity/client
// with a server-side read token. Entry needs a preview secret made by the Studio's Presentation tool (or
// `npm run content -- preview-url`), checked by @sanity/preview-url-secret; the token never leaves this process.
// It may listen while its build is still running (server-kit's onceBuilt.ts), and says so until the build is done;
// it is ready (GET /readyz) once that build has loaded. Its log, request ids, /healthz and /metrics are server-kit's
// observe.ts.
import {randomBytes} from 'node:crypto'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import {Readable} from 'node:stream'
import {pathToFileURL} from 'node:url'
import type {SanityClient} from '@sanity/client'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {createRequestHandler, type ServerBuild} from 'react-router'
import sirv from 'sirv'
import {answerRoutes, type RouteHandler} from '@quantedge/server-kit/answerRoutes'
import {HttpError} from '@quantedge/server-kit/httpError'
import {listen, stop} from '@quantedge/server-kit/listen'
import {onceBuilt} from '@quantedge/server-kit/onceBuilt'
import {route} from '@quantedge/server-kit/routes'
import {send, type HttpResponse} from '@quantedge/server-kit/send'
import {bodyRefusal, readJsonWithin} from '@quantedge/server-kit/body'
import {CSP_REPORT_PATH, CspReports} from '@quantedge/server-kit/cspReports'
import type {Log} from '@quantedge/server-kit/log'
import {observed, serverOperations} from '@quantedge/server-kit/observe'
import {
  parsePerspective,
  PerspectiveRefused,
  releasesOf,
  type PreviewPerspective,
} from './perspective.ts'
import {previewHeaders} from './securityHeaders.ts'

const COOKIE = 'quantedge-preview'
/** The search parameter the Presentation tool names its perspective with (@sanity/preview-url-secret). */
const PERSPECTIVE_PARAM = 'sanity-preview-perspective'
const MAX_PERSPECTIVE_BODY_BYTES = 4096

export type PreviewServerOptions = {
  /**
   * The preview build (SITE_RENDER=preview): server/index.js and client/; or a build still running, the folder
   * it will fill, when the server is to listen at once and say the preview is being built until it is done.
   */
  buildDir: string | Promise<string>
  /** Reads drafts, with the read token (and, reconfigured, a release's perspective). */
  drafts: SanityClient
  /** Where "Exit preview" leads: the public site. */
  publicSiteUrl: string
  /** The Studio's origin: the one page that may frame the preview (its Presentation tool). */
  studioOrigin: string
  port: number
  host?: string
  /** Where it logs (its own log on standard output by default). */
  log?: Log
}

export async function startPreviewServer(options: PreviewServerOptions) {
  const built = Promise.resolve(options.buildDir).then(async (buildDir) => {
    const build = (await import(
      pathToFileURL(join(buildDir, 'server', 'index.js')).href
    )) as ServerBuild
    return {
      render: createRequestHandler(build, 'production'),
      assets: sirv(join(buildDir, 'client'), {gzip: true, brotli: true}),
    }
  })
  // A build that is there already must load: a preview server that cannot render does not start.
  if (typeof options.buildDir === 'string') await built
  let loaded: {ok: boolean; detail: string} = {ok: false, detail: 'the preview is being built'}
  built.then(
    () => (loaded = {ok: true, detail: 'the preview build is loaded'}),
    (error: unknown) =>
      (loaded = {ok: false, detail: `the preview build failed: ${String(error)}`}),
  )
  const operations = serverOperations('preview', options.log)
  const cspReports = new CspReports(operations)
  /** Each editor's preview session and the perspective it shows. */
  const sessions = new Map<string, PreviewPerspective>()
  const headersOf = previewHeaders(options.studioOrigin)
  const host = options.host ?? '127.0.0.1'
  let origin = ''

  type Handler = RouteHandler<IncomingMessage, ServerResponse>

  const enable: Handler = async ({res, url}) => {
    const {
      isValid,
      redirectTo = '/',
      studioPreviewPerspective,
    } = await validatePreviewUrl(options.drafts, url.href)
    if (!isValid)
      return refuse(
        res,
        'This preview link is invalid or has expired. Open the page again from the Studio.',
        headersOf,
      )
    let perspective: PreviewPerspective
    try {
      perspective = parsePerspective(studioPreviewPerspective ?? 'drafts')
    } catch (error) {
      if (error instanceof PerspectiveRefused) return send(res, 400, {message: error.message})
      throw error
    }
    const session = randomBytes(24).toString('base64url')
    sessions.set(session, perspective)
    send(res, 307, undefined, {
      'Set-Cookie': `${COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax`,
      'Location': redirectTo,
      'Cache-Control': 'no-store',
    })
  }

  const disable: Handler = ({req, res, url}) => {
    sessions.delete(sessionOf(req) ?? '')
    const path = url.searchParams.get('path') ?? '/'
    send(res, 307, undefined, {
      'Set-Cookie': `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
      // Only a path on the public site: `//elsewhere` would be another host's address.
      'Location': new URL(/^\/(?!\/)/.test(path) ? path : '/', options.publicSiteUrl).href,
      'Cache-Control': 'no-store',
    })
  }

  /** A file of the preview build, or the page rendered from drafts for an editor with a preview session. */
  const assetOrPage: Handler = async ({req, res, url}) => {
    const {render, assets} = await built
    let notAnAsset = false
    for (const [name, value] of Object.entries(headersOf(undefined))) res.setHeader(name, value)
    assets(req, res, () => {
      notAnAsset = true
    })
    if (!notAnAsset) return
    const session = sessionOf(req) ?? ''
    if (!sessions.has(session)) {
      return refuse(
        res,
        'Draft preview is for editors. Open the page from the Studio, or get a link with `npm run content -- preview-url <path>`.',
        headersOf,
      )
    }
    const asked = url.searchParams.get(PERSPECTIVE_PARAM)
    if (asked !== null) {
      try {
        sessions.set(session, parsePerspective(asked))
      } catch (error) {
        if (error instanceof PerspectiveRefused) return send(res, 400, {message: error.message})
        throw error
      }
    }
    const perspective = sessions.get(session)!
    const response = await render(toRequest(req, url), {
      content: options.drafts.withConfig({perspective}),
      previewReleases: await releaseTitles(perspective),
      log: operations.log,
    })
    // Drafts, for one editor: never kept by the browser or any cache on the way. A page is read whole, for its
    // policy's hashes of its inline scripts; anything else (a page's data) streams through.
    const headers = {...Object.fromEntries(response.headers), 'Cache-Control': 'private, no-store'}
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      const html = await response.text()
      return send(res, response.status, Buffer.from(html), {...headers, ...headersOf(html)})
    }
    res.writeHead(response.status, {...headers, ...headersOf(undefined)})
    if (response.body)
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res)
    else res.end()
  }

  /** The releases a perspective shows, with the titles editors gave them (the banner names them). */
  const releaseTitles = (perspective: PreviewPerspective) =>
    Promise.all(
      releasesOf(perspective).map(async (id) => {
        const release = await options.drafts.releases.get({releaseId: id})
        return {id, title: release?.metadata.title || id}
      }),
    )

  /** The perspective switcher's choice, posted by the page: `{"perspective": "drafts" | [...]}`. */
  const switchPerspective: Handler = async ({req, res}) => {
    const session = sessionOf(req) ?? ''
    if (!sessions.has(session))
      return send(res, 401, {message: 'No preview session: open the page from the Studio'})
    let perspective: PreviewPerspective
    try {
      const {value: asked} = await readJsonWithin(req, MAX_PERSPECTIVE_BODY_BYTES, 3)
      perspective = parsePerspective(
        typeof asked === 'object' && asked !== null && 'perspective' in asked
          ? asked.perspective
          : undefined,
      )
    } catch (error) {
      if (error instanceof PerspectiveRefused) return send(res, 400, {message: error.message})
      const refusal = bodyRefusal(error)
      if (refusal) return send(res, refusal.status, {message: refusal.message})
      throw error
    }
    sessions.set(session, perspective)
    send(res, 204, undefined, {'Cache-Control': 'no-store'})
  }

  const reportViolations: Handler = async ({req, res}) => {
    const {status, body, headers} = await cspReports.receive(req)
    send(res, status, body, {'Cache-Control': 'no-store', ...headers})
  }

  const routes = [
    route('POST', CSP_REPORT_PATH, reportViolations),
    route('*', '/api/preview/enable', enable),
    route('POST', '/api/preview/perspective', switchPerspective),
    route('*', '/api/preview/disable', disable),
    route('*', '/*', assetOrPage),
  ]
  const answer = answerRoutes(routes, {
    // The last route takes every path and method: nothing is refused.
    notFound: () => new HttpError(404, 'Not found'),
    internalError: (error) => {
      operations.log.error({err: error}, 'a request failed')
      return new HttpError(500, 'The preview could not render this page.')
    },
    origin: () => origin,
  })
  const server = createServer(
    observed(
      operations,
      onceBuilt(
        'The draft preview',
        built.then(() => answer),
      ),
      {ready: () => ({build: loaded})},
    ),
  )

  origin = `http://${host === '127.0.0.1' ? 'localhost' : host}:${await listen(server, options.port, host)}`
  return {
    url: origin,
    close: () => stop(server),
  }
}

function sessionOf(req: IncomingMessage) {
  return new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1]
}

function refuse(
  res: HttpResponse,
  message: string,
  headersOf: (html: string) => Record<string, string>,
) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><h1>Preview needs a secret link</h1><p>${message.replace(/[<>&]/g, '')}</p></body></html>`
  send(res, 401, html, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headersOf(html),
  })
}

function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody ? {body: Readable.toWeb(req) as ReadableStream, duplex: 'half'} : {}),
  } as RequestInit)
}
