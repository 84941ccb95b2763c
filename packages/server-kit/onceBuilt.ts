// A server that listens before what it serves is built: `npm start` gives the Studio's and the draft preview's
// addresses while their builds finish in the background. Until the build is done, every request gets 503 Service
// Unavailable with Retry-After (RFC 9110 §15.6.4, §10.2.3) and a short page that says what is being built and
// reloads itself; then the built handler answers. A build that failed is said so, with where to read why.
import type {IncomingMessage, RequestListener, ServerResponse} from 'node:http'
import {send} from './send.ts'

/** Seconds a browser waits before asking again (Retry-After, and the page's own reload). */
export const RETRY_AFTER_SECONDS = 2

type Listener = RequestListener<typeof IncomingMessage, typeof ServerResponse>

const page = (title: string, message: string, reload: boolean) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${reload ? `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">` : ''}<title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.75rem">${title}</h1><p>${message}</p></body></html>`

/**
 * Answers with `handler` once `built` gives it, and until then with 503 and a page saying `what` is being built
 * (`what` is a name such as "The Studio"). When the build fails, the page says so and points at the terminal.
 */
export function onceBuilt(what: string, built: Promise<Listener>): Listener {
  let handler: Listener | undefined
  let failed = false
  built.then(
    (ready) => (handler = ready),
    () => (failed = true),
  )
  return (req, res) => {
    if (handler) return handler(req, res)
    const headers = {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store'}
    if (failed)
      return send(
        res,
        503,
        page(
          `${what} could not be built`,
          'The terminal running <code>npm start</code> shows why, and the log it names.',
          false,
        ),
        headers,
      )
    send(
      res,
      503,
      page(
        `${what} is being built`,
        `This page reloads itself every ${RETRY_AFTER_SECONDS} seconds until it is. The terminal running <code>npm start</code> says when it is done.`,
        true,
      ),
      {...headers, 'Retry-After': String(RETRY_AFTER_SECONDS)},
    )
  }
}
