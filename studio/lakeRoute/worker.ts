// The Studio's service worker, for a browser that does not trust the embedded lake's local authority and so
// reaches the lake over plain HTTP/1.1, where it allows six connections per scheme, host and port: the Studio's
// seven or more event streams (listeners, live events) would take them all and the next save would wait
// forever. The worker sends each event stream to the least busy of the lake's stream ports, each its own
// connection pool, and every other request to the lake's plain port on 127.0.0.1 (which needs no name lookup:
// Safari does not resolve `*.localhost`). Paths, methods, headers and bodies go unchanged, so the lake sees
// Sanity's own requests. bootstrap.ts registers it; serve/build.ts serves it from this file with its types
// stripped, so it imports nothing. Its settings come in its own address: `plain` (the address the Studio calls,
// http://localhost:<port>) and `streams` (the stream ports' addresses, comma-separated).

/** What this file uses of the service worker's scope (the project's TypeScript lib is the page's DOM). */
type FetchEvent = Event & {request: Request; respondWith(response: Promise<Response>): void}
type ExtendableEvent = Event & {waitUntil(done: Promise<unknown>): void}
type MessageEvent = ExtendableEvent & {data: unknown}
type WorkerScope = {
  location: Location
  skipWaiting(): Promise<void>
  clients: {claim(): Promise<void>}
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

// `self` is typed as the page's window here; in this file it is the worker's scope.
const worker = self as unknown as WorkerScope
const settings = new URL(worker.location.href).searchParams
const plain = new URL(settings.get('plain') ?? 'http://localhost')
const direct = `http://127.0.0.1:${plain.port}`
/** Each stream port's address and how many event streams the worker has open on it now. */
const openStreams = new Map(
  (settings.get('streams') ?? '')
    .split(',')
    .filter(Boolean)
    .map((origin) => [origin, 0]),
)
/** Sanity's event streams: `/data/listen/<dataset>` and the Live Content API's `/data/live/events/<dataset>`. */
const EVENT_STREAM = /^\/v[^/]+\/data\/(?:listen|live\/events)\//

// A new worker (the lake's ports changed) takes over at once, and takes the pages already open.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()))
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()))
// A page loaded without a worker (a hard reload) asks to be taken.
worker.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(worker.clients.claim())
})

/** The lake's plain address as the Studio calls it: `localhost` or `<projectId>.localhost` on the plain port. */
const callsLake = (url: URL) =>
  url.protocol === plain.protocol &&
  url.port === plain.port &&
  (url.hostname === plain.hostname || url.hostname.endsWith(`.${plain.hostname}`))

function leastBusyStreamPort() {
  let chosen: string | undefined
  for (const [origin, open] of openStreams)
    if (chosen === undefined || open < (openStreams.get(chosen) ?? 0)) chosen = origin
  return chosen
}

/** `response` with a body that counts its stream as open on `origin` until it ends or the page closes it. */
function counted(response: Response, origin: string) {
  const body = response.body
  if (!body) return response
  openStreams.set(origin, (openStreams.get(origin) ?? 0) + 1)
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    openStreams.set(origin, (openStreams.get(origin) ?? 1) - 1)
  }
  const reader = body.getReader()
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const {done, value} = await reader.read()
        if (done) {
          close()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        close()
        controller.error(error)
      }
    },
    cancel(reason) {
      close()
      return reader.cancel(reason)
    },
  })
  const {status, statusText, headers} = response
  return new Response(stream, {status, statusText, headers})
}

async function forward(request: Request, url: URL) {
  const stream = EVENT_STREAM.test(url.pathname) ? leastBusyStreamPort() : undefined
  const target = new URL(`${url.pathname}${url.search}`, stream ?? direct)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const response = await fetch(target, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    credentials: request.credentials,
    mode: 'cors',
    cache: request.cache,
    redirect: request.redirect,
    signal: request.signal,
  })
  return stream ? counted(response, stream) : response
}

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (callsLake(url)) event.respondWith(forward(event.request, url))
})
