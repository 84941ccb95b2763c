// A small image inlined as a data URI at build time. Used for the first poster of the indicators page: it is the
// page's largest paint on a phone, and inline it arrives with the HTML instead of a round trip later. A file the
// site serves is read from public/; an image from the image host (Sanity's CDN, the embedded lake) is fetched.
// Anything else (a large image, no such file, a failed fetch) is left as it is.
import {existsSync, readFileSync, statSync} from 'node:fs'
import {extname, resolve} from 'node:path'

const MAX_INLINE_BYTES = 8 * 1024
/**
 * A fetched poster may be larger: it replaces a request to another host (a connection and a download) on a phone,
 * and a WebP of the 640x360 box at quality 60 is 10 to 25 KB for most photos.
 */
const MAX_REMOTE_INLINE_BYTES = 24 * 1024
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

/** `url`'s image as a data URI when it is fetched whole and small enough; undefined otherwise. */
export async function inlineRemoteImage(url: string): Promise<string | undefined> {
  const response = await fetch(url).catch(() => undefined)
  const type = response?.headers.get('content-type')
  if (!response?.ok || !type?.startsWith('image/')) return undefined
  const bytes = Buffer.from(await response.arrayBuffer())
  if (bytes.length > MAX_REMOTE_INLINE_BYTES) return undefined
  return `data:${type};base64,${bytes.toString('base64')}`
}
