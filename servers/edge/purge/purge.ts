// A purge by tag, whichever edge it goes to: resolves with what the edge said it did, or fails with what it said
// went wrong. Each vendor's adapter sends at most its API's tags per request, one request after another.
export type Purge = (tags: readonly string[]) => Promise<string>

/** How long an edge's API may take to answer one purge request. */
export const PURGE_REQUEST_TIMEOUT_MS = 10_000

/** The edge refused a purge, or did not answer: its words, for the publish hook's log and status. */
export class PurgeFailed extends Error {}

/** `tags` in requests of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size))
  return result
}

/** Sends one purge request; a network failure or a time-out is a PurgeFailed naming the edge. */
export async function purgeRequest(edge: string, url: string, init: RequestInit) {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(PURGE_REQUEST_TIMEOUT_MS),
    })
    return {status: response.status, body: await response.text()}
  } catch (error) {
    const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error)
    throw new PurgeFailed(`${edge} did not answer the purge: ${reason}`)
  }
}

/** A JSON body's field, or undefined when the body is not JSON (an HTML error page from a proxy on the way). */
export function jsonField(body: string, read: (value: Record<string, unknown>) => unknown) {
  try {
    const value: unknown = JSON.parse(body)
    return typeof value === 'object' && value !== null
      ? read(value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
