// The Studio's service worker, for a browser that does not trust the embedded lake's local authority and so
// reaches the lake over plain HTTP/1.1, where it allows six connections per scheme, host and port: the Studio's
// seven or more event streams (listeners, live events) would take them all and the next save would wait
// forever. The worker sends each request to the least busy of the lake's plain port and its stream ports, each
// its own connection pool, counting a request busy until its answer's body ends (an event stream's, until the
// page closes it), on 127.0.0.1 (which needs no name lookup: Safari does not resolve `*.localhost`). So the
// streams spread over the ports, and the short requests go where a connection is free, as HTTP/2 would let
// them. Paths, methods, headers and bodies go unchanged, so the lake sees
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
/** Each of the lake's ports on 127.0.0.1 (the plain one first) and how many requests are open on it now. */
const openRequests = new Map(
  [`http://127.0.0.1:${plain.port}`, ...(settings.get('streams') ?? '').split(',')]
    .filter(Boolean)
    .map((origin) => [origin, 0]),
)

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

function leastBusyPort() {
  let chosen = ''
  for (const [origin, open] of openRequests)
    if (!chosen || open < (openRequests.get(chosen) ?? 0)) chosen = origin
  return chosen
}

const countOn = (origin: string, change: number) =>
  openRequests.set(origin, (openRequests.get(origin) ?? 0) + change)

/** `response` with a body that calls `finished` once, when it ends or the page closes it. */
function counted(response: Response, finished: () => void) {
  const body = response.body
  if (!body) {
    finished()
    return response
  }
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    finished()
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
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody ? await request.arrayBuffer() : undefined
  const origin = leastBusyPort()
  countOn(origin, 1)
  try {
    const response = await fetch(new URL(`${url.pathname}${url.search}`, origin), {
      method: request.method,
      headers: request.headers,
      body,
      credentials: request.credentials,
      mode: 'cors',
      cache: request.cache,
      redirect: request.redirect,
      signal: request.signal,
    })
    return counted(response, () => countOn(origin, -1))
  } catch (error) {
    countOn(origin, -1)
    throw error
  }
}

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (callsLake(url)) event.respondWith(forward(event.request, url))
})
