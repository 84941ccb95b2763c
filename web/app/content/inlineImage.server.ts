// A small image inlined as a data URI at build time. Used for the first poster of the indicators page: it is the
// page's largest paint on a phone, and inline it arrives with the HTML instead of a round trip later. The image
// (fetched from the image host, Sanity's CDN or the embedded lake, or read from the site's files) is encoded again
// to fit a byte budget; when it cannot be (no answer, no fit) the caller keeps its responsive image.
import {fitToBudget} from './imageBudget.server.ts'

/**
 * The image at `url` (lossless, the size it is shown at) as a data URI of at most `budget` bytes, made by
 * `fitToBudget`; undefined when the host does not answer with an image or it cannot fit.
 */
export async function inlineWithinBudget(url: string, budget: number): Promise<string | undefined> {
  const response = await fetch(url).catch(() => undefined)
  if (!response?.ok || !response.headers.get('content-type')?.startsWith('image/')) return undefined
  return inlineBytesWithinBudget(new Uint8Array(await response.arrayBuffer()), budget)
}

/** `image` as a data URI of at most `budget` bytes, made by `fitToBudget`; undefined when it cannot fit. */
export async function inlineBytesWithinBudget(image: Uint8Array, budget: number) {
  const fitted = await fitToBudget(image, budget).catch(() => undefined)
  return fitted && `data:${fitted.type};base64,${fitted.bytes.toString('base64')}`
}
