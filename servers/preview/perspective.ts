// The perspective an editor previews: drafts (the default), published, or a release stacked over what comes before
// it, as the Studio's perspective switcher picks it. The Presentation tool sends it as `sanity-preview-perspective`
// on the preview URL (@sanity/preview-url-secret's urlSearchParamPreviewPerspective), a stack joined with commas
// (sanity 6.16's encodeStudioPerspective), and after a switch as a `presentation/perspective` message, which the
// page's visual editing hands to `onPerspectiveChange` (web/app/components/Preview.tsx posts it here). Release
// ids are the names Sanity gives releases (@sanity/client's ReleaseId: letters, digits, `_` and `-`); `raw` shows
// every version at once, which is no preview, so it is refused.
import type {ClientPerspective} from '@sanity/client'

const RELEASE_ID = /^[A-Za-z0-9_-]{1,128}$/
const MAX_STACK = 20

export type PreviewPerspective = Exclude<ClientPerspective, 'raw' | 'previewDrafts'>

export class PerspectiveRefused extends Error {}

/** The perspective `value` names (a string as the URL carries it, or a list as the switcher sends it). */
export function parsePerspective(value: unknown): PreviewPerspective {
  if (value === 'drafts' || value === 'published') return value
  const parts =
    typeof value === 'string'
      ? value.split(',')
      : Array.isArray(value) && value.every((part) => typeof part === 'string')
        ? (value as string[])
        : undefined
  if (!parts || parts.length === 0 || parts.length > MAX_STACK) {
    throw new PerspectiveRefused(
      'A preview perspective is drafts, published, or release ids stacked with commas (rDiwali,drafts)',
    )
  }
  for (const part of parts) {
    if (part === 'raw')
      throw new PerspectiveRefused('The raw perspective shows every version at once: not a preview')
    if (part !== 'drafts' && part !== 'published' && !RELEASE_ID.test(part))
      throw new PerspectiveRefused(`"${part}" is not drafts, published or a release id`)
  }
  return parts.length === 1 && (parts[0] === 'drafts' || parts[0] === 'published')
    ? (parts[0] as 'drafts' | 'published')
    : parts
}

/** The release ids a perspective shows, the one on top first. */
export const releasesOf = (perspective: PreviewPerspective): string[] =>
  Array.isArray(perspective)
    ? perspective.filter((part) => part !== 'drafts' && part !== 'published')
    : []
