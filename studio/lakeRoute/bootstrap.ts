// Runs in the page before the Studio when the Studio edits the embedded lake: serve/build.ts puts it in
// index.html in place of the Studio's own script, with the lake's addresses in its URL. It chooses how the
// Studio reaches the lake, then starts the Studio (`entry`):
// - the lake's HTTP/2 port answers (the browser trusts the local authority, `npm run trust`): the fast path,
//   every request and event stream on one connection;
// - else the plain port answers: through worker.ts, a service worker that spreads the event streams over the
//   lake's stream ports, since over HTTP/1.1 a browser allows only six connections to one port;
// - else, or if the lake refuses this page's origin or the browser refuses the worker, the page says what
//   keeps the Studio from the lake and how to fix it, instead of starting a Studio that cannot work.
// It is served with its types stripped, so it imports nothing.

const script = new URL(import.meta.url)
const setting = (name: string) => script.searchParams.get(name) ?? ''
const entry = setting('entry')
const secure = setting('secure')
const plain = setting('plain')
const streams = setting('streams')
const preview = setting('preview')
const WORKER_WAIT_MS = 15_000

/** How the Studio reaches the lake; sanity.config.ts reads it (`studioLakeHost`). */
type LakeRoute = {apiHost: string; fastPath: boolean}

/** What keeps the Studio from the lake, in a title and the lines that say how to fix it. */
class Refusal extends Error {
  readonly title: string
  readonly lines: string[]
  constructor(title: string, lines: string[]) {
    super(title)
    this.title = title
    this.lines = lines
  }
}

async function answers(url: string) {
  try {
    return (await fetch(url, {cache: 'no-store', credentials: 'omit'})).ok
  } catch {
    return false
  }
}

/** Registers worker.ts for this page and waits until it handles the page's requests. */
async function routeThroughWorker() {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!container) throw new Error('this browser offers no service workers here')
  const workerUrl = new URL(
    `/lake-worker.js?${new URLSearchParams({plain, streams})}`,
    location.href,
  )
  const taken = () => container.controller?.scriptURL === workerUrl.href
  const registration = await container.register(workerUrl, {scope: '/'})
  const deadline = Date.now() + WORKER_WAIT_MS
  while (!taken()) {
    if (Date.now() > deadline) throw new Error(`it did not start within ${WORKER_WAIT_MS / 1000} s`)
    // A page loaded without its worker (a hard reload) is taken only when it asks.
    registration.active?.postMessage('claim')
    await new Promise((resolve) => {
      container.addEventListener('controllerchange', resolve, {once: true})
      setTimeout(resolve, 250)
    })
  }
}

const unreachable = () =>
  new Refusal('The Studio cannot reach its Content Lake', [
    `Nothing answers at ${plain}, the embedded Content Lake this Studio edits.`,
    'Start it with "npm start" (or "npm run lake" for the lake alone) in the project folder, then try again.',
  ])

async function chooseRoute(): Promise<LakeRoute> {
  if (await answers(`${secure}/v1/ping`)) return {apiHost: secure, fastPath: true}
  if (!(await answers(`${plain}/v1/ping`))) throw unreachable()
  try {
    await routeThroughWorker()
  } catch (error) {
    throw new Refusal('The Studio cannot start its connection to the Content Lake', [
      `This browser did not start the Studio's service worker: ${error instanceof Error ? error.message : String(error)}.`,
      'Without it the Studio would need more connections to the lake than a browser opens to one address, and saves would wait forever.',
      'Open the Studio in a normal window (private windows may refuse service workers), or run "npm run trust" once and restart the browser: the Studio then uses HTTP/2 and needs no service worker.',
    ])
  }
  return {apiHost: plain, fastPath: false}
}

/** The lake lets in only its configured origins (CONTENT_LAKE_CORS_ORIGINS); `/check/cors` says whether this is one. */
async function checkOrigin({apiHost}: LakeRoute) {
  const answer = await fetch(`${apiHost}/v1/check/cors`, {credentials: 'omit'}).catch(() => {
    throw unreachable()
  })
  const {result} = (await answer.json()) as {result?: {allowed?: boolean}}
  if (result?.allowed) return
  throw new Refusal('The Content Lake does not let this page in', [
    `The embedded lake answers only pages from the origins in its setting CONTENT_LAKE_CORS_ORIGINS, and ${location.origin} is not one of them.`,
    `Add ${location.origin} to CONTENT_LAKE_CORS_ORIGINS in .env (or open the Studio at the address "npm start" printed), restart the lake, then try again.`,
  ])
}

function explain({title, lines}: Refusal) {
  const root = document.getElementById('sanity') ?? document.body
  const box = document.createElement('main')
  box.setAttribute(
    'style',
    'max-width: 40rem; margin: 15vh auto; padding: 0 1.5rem; font: 16px/1.5 system-ui, sans-serif',
  )
  const heading = document.createElement('h1')
  heading.textContent = title
  heading.setAttribute('style', 'font-size: 1.5rem')
  box.append(heading)
  for (const line of lines) {
    const paragraph = document.createElement('p')
    paragraph.textContent = line
    box.append(paragraph)
  }
  const retry = document.createElement('button')
  retry.textContent = 'Try again'
  retry.setAttribute('style', 'font: inherit; padding: 0.4rem 1rem')
  retry.addEventListener('click', () => location.reload())
  box.append(retry)
  root.replaceChildren(box)
}

try {
  const route = await chooseRoute()
  await checkOrigin(route)
  ;(globalThis as {quantedgeLakeRoute?: LakeRoute}).quantedgeLakeRoute = route
  // The draft preview's address, which the bundle leaves to the page (environment.ts, `studioPreviewUrl`).
  ;(globalThis as {quantedgePreviewUrl?: string}).quantedgePreviewUrl = preview
  await import(/* @vite-ignore */ entry)
} catch (error) {
  if (!(error instanceof Refusal)) throw error
  explain(error)
}
