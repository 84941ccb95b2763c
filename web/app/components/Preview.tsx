import {lazy, Suspense, useSyncExternalStore} from 'react'
import {useLocation} from 'react-router'

// Visual editing's overlays are for editors only: its code loads in the preview, never on the public site, whose
// build leaves it out altogether (root.tsx; `lazy` marked pure so that nothing keeps this module there).
const VisualEditing = /* @__PURE__ */ lazy(() =>
  import('@sanity/visual-editing/react-router').then((module) => ({default: module.VisualEditing})),
)

const noChanges = () => () => {}

/** Shown only by the preview server: the page shows unpublished drafts, how to leave, and the editing overlays. */
export function Preview() {
  const {pathname} = useLocation()
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
          <strong>Preview:</strong> this page shows unpublished drafts.{' '}
          <a href={`/api/preview/disable?path=${encodeURIComponent(pathname)}`}>Exit preview</a>
        </p>
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <VisualEditing />
        </Suspense>
      )}
    </>
  )
}
