// The format a variant is written in: `fm` when asked; with `auto=format` the best one the request's `Accept`
// names (AVIF, then WebP), as Sanity's reference describes `auto=format`
// (https://www.sanity.io/docs/image-urls#auto); else the original's (a GIF or SVG becomes PNG once transformed).
import type {ImageParams, OutputFormat} from './imageParams.ts'

export type ChosenFormat = {format: OutputFormat; byAccept: boolean}

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}

export function chooseFormat(
  params: Pick<ImageParams, 'format' | 'autoFormat'>,
  originalExtension: string,
  accept: string | undefined,
): ChosenFormat {
  if (params.format) return {format: params.format, byAccept: false}
  const original = formatOf(originalExtension)
  if (!params.autoFormat) return {format: original, byAccept: false}
  const accepted = acceptedTypes(accept)
  const best = accepted.has('image/avif') ? 'avif' : accepted.has('image/webp') ? 'webp' : original
  return {format: best, byAccept: true}
}

function formatOf(extension: string): OutputFormat {
  if (extension === 'jpg' || extension === 'jpeg') return 'jpg'
  if (extension === 'webp' || extension === 'avif') return extension
  return 'png'
}

/** The media types an `Accept` header takes, less those it gives `q=0`. */
function acceptedTypes(accept: string | undefined) {
  const types = new Set<string>()
  for (const entry of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase())
    const refused = parameters.some((parameter) => /^q=0(?:\.0*)?$/.test(parameter))
    if (type && !refused) types.add(type)
  }
  return types
}
