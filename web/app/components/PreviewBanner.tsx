import {useLocation} from 'react-router'

/** Shown only by the preview server: this page shows unpublished drafts, and how to leave. */
export function PreviewBanner() {
  const {pathname} = useLocation()
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <p>
        <strong>Preview:</strong> this page shows unpublished drafts.{' '}
        <a href={`/api/preview/disable?path=${encodeURIComponent(pathname)}`}>Exit preview</a>
      </p>
    </div>
  )
}
