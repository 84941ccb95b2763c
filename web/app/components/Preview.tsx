import {lazy, Suspense, useCallback, useSyncExternalStore} from 'react'
import {useLocation, useRevalidator} from 'react-router'
import type {ClientPerspective} from '@sanity/client'
import type {PreviewRelease} from '../content/load.server.ts'

// Visual editing's overlays are for editors only: its code loads in the preview, never on the public site, whose
// build leaves it out altogether (root.tsx; `lazy` marked pure so that nothing keeps this module there).
const VisualEditing = /* @__PURE__ */ lazy(() =>
  import('@sanity/visual-editing/react-router').then((module) => ({default: module.VisualEditing})),
)

const noChanges = () => () => {}

/** “Diwali offer”, or “Diwali offer” and “Budget day” for a stack, the release on top first. */
const titlesOf = (releases: readonly PreviewRelease[]) =>
  releases.map(({title}) => `“${title}”`).join(' and ')

/**
 * Shown only by the preview server: what the page shows (unpublished drafts, or the release the Studio's
 * perspective switcher picked, over them), how to leave, and the editing overlays, which hand the switcher's next
 * choice to the preview server and load the page again in it.
 */
export function Preview({releases}: {releases: readonly PreviewRelease[]}) {
  const {pathname} = useLocation()
  const {revalidate} = useRevalidator()
  const onPerspectiveChange = useCallback(
    (perspective: ClientPerspective) =>
      void fetch('/api/preview/perspective', {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({perspective}),
      }).then((response) => (response.ok ? revalidate() : undefined)),
    [revalidate],
  )
  // False in the server's HTML and while hydrating, true after: the overlays load in the browser only.
  const mounted = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
  return (
    <>
      <div className="preview-banner" role="region" aria-label="Preview">
        <p>
          <strong>Preview:</strong>{' '}
          {releases.length > 0
            ? `this page shows the ${releases.length > 1 ? 'releases' : 'release'} ${titlesOf(releases)}, over unpublished drafts.`
            : 'this page shows unpublished drafts.'}{' '}
          <a href={`/api/preview/disable?path=${encodeURIComponent(pathname)}`}>Exit preview</a>
        </p>
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <VisualEditing onPerspectiveChange={onPerspectiveChange} />
        </Suspense>
      )}
    </>
  )
}
