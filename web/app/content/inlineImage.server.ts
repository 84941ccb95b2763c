// A small image the site serves itself, inlined as a data URI at build time. Used for the first poster of
// the indicators page: it is the page's largest paint on a phone, and inline it arrives with the HTML
// instead of a round trip later. Anything else (an https URL, a large file, no such file) is left as it is.
import {existsSync, readFileSync, statSync} from 'node:fs'
import {extname, resolve} from 'node:path'

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
