// A small image inlined as a data URI at build time. Used for the first poster of the indicators page: it is the
// page's largest paint on a phone, and inline it arrives with the HTML instead of a round trip later. A file the
// site serves is read from public/; an image from the image host (Sanity's CDN, the embedded lake) is fetched and
// encoded again to fit a byte budget. Anything else (a large image, no such file, a failed fetch) is left as it is.
import {existsSync, readFileSync, statSync} from 'node:fs'
import {extname, resolve} from 'node:path'
import {fitToBudget} from './imageBudget.server.ts'

const MAX_INLINE_BYTES = 8 * 1024
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
}

export function inlineSiteImage(url: string | null): string | null {
  if (!url?.startsWith('/') || url.includes('..')) return url
  const file = resolve(process.cwd(), 'public', `.${url}`)
  const type = TYPES[extname(file).toLowerCase()]
  if (!type || !existsSync(file) || statSync(file).size > MAX_INLINE_BYTES) return url
  return `data:${type};base64,${readFileSync(file).toString('base64')}`
}

/**
 * The image at `url` (lossless, the size it is shown at) as a data URI of at most `budget` bytes, made by
 * `fitToBudget`; undefined when the host does not answer with an image or it cannot fit.
 */
export async function inlineWithinBudget(url: string, budget: number): Promise<string | undefined> {
  const response = await fetch(url).catch(() => undefined)
  if (!response?.ok || !response.headers.get('content-type')?.startsWith('image/')) return undefined
  const fitted = await fitToBudget(new Uint8Array(await response.arrayBuffer()), budget).catch(
    () => undefined,
  )
  return fitted && `data:${fitted.type};base64,${fitted.bytes.toString('base64')}`
}
