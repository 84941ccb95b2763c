// The second trigger: follows the Content Lake's Live Content API (`client.live.events()`), which needs nothing set
// up in Sanity, and asks the publisher to re-render what each change's sync tags touch. As Sanity's Live Content
// API reference says (https://www.sanity.io/docs/live-api-reference): a `restart` event means every tag must be
// considered stale, so it takes a full build; after a `reconnect` the events in between may be lost, so the next
// `welcome` takes a full build too. A connection that errs or is sent away is opened again after a pause.
import type {SanityClient} from '@sanity/client'
import type {Lines} from '@quantedge/server-kit/log'
import type {Publisher} from './publisher.ts'

const RETRY_MS = 5000

export function followLiveContent(client: SanityClient, publisher: Publisher, log: Lines) {
  let subscription: {unsubscribe: () => void} | undefined
  let retry: NodeJS.Timeout | undefined
  let connectedBefore = false
  let missedEvents = false
  let closed = false

  const reopenLater = (why: string) => {
    if (closed) return
    log.warn(`[publish] Live Content API: ${why}; reconnecting in ${RETRY_MS / 1000} s`)
    subscription?.unsubscribe()
    missedEvents = true
    retry = setTimeout(open, RETRY_MS)
  }

  function open() {
    if (closed) return
    subscription = client.live.events().subscribe({
      next: (event) => {
        if (event.type === 'message') publisher.request('live event', event.tags)
        if (event.type === 'restart') publisher.request('live restart')
        if (event.type === 'reconnect') missedEvents = true
        if (event.type === 'goaway') reopenLater(`sent away (${event.reason})`)
        if (event.type === 'welcome') {
          if (connectedBefore && missedEvents) publisher.request('live reconnected')
          connectedBefore = true
          missedEvents = false
        }
      },
      error: (error: unknown) =>
        reopenLater(error instanceof Error ? error.message : String(error)),
      complete: () => reopenLater('the connection ended'),
    })
  }

  open()
  return {
    close: () => {
      closed = true
      clearTimeout(retry)
      subscription?.unsubscribe()
    },
  }
}
