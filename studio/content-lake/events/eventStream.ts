// Server-sent event streams, as the listen and Live Content APIs keep them open.
import type {HttpResponse} from '@quantedge/server-kit/send'

const EVENT_STREAM_HEARTBEAT_MS = 20_000

/**
 * Starts a server-sent-event stream with its first event, keeps it alive with a comment line every 20 s,
 * and calls `onClose` when the client goes.
 */
export function openEventStream(res: HttpResponse, firstEvent: string, onClose: () => void) {
  res.writeHead(200, {'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache'})
  res.write(firstEvent)
  const heartbeat = setInterval(() => res.write(':\n\n'), EVENT_STREAM_HEARTBEAT_MS)
  res.on('close', () => {
    clearInterval(heartbeat)
    onClose()
  })
}
